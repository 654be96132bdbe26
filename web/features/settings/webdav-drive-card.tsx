import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, HardDriveDownload, Unplug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DriveConnectInput } from '../../../common/schemas/drive.schema.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { driveStateQuery, useConnectDrive, useDisconnectDrive } from '../../lib/api/drive-queries.ts';
import { useApiForm } from '../../lib/forms/use-api-form.ts';
import { IntegrationCard, IntegrationState } from './integration-card.tsx';
import { StatusBadge } from './settings-section.tsx';
import { useFocusLater } from './use-focus-later.ts';

const EMPTY = { url: '', username: '', password: '' };

/**
 * Issue 24: a WebDAV drive (Nextcloud, ownCloud, most self-hosted drives): its address, user and an
 * app password, checked by the server before it is kept (encrypted); then connected, until
 * disconnected here. The spec's connection states, connected and disconnected, are its badge.
 */
export function WebDavDriveCard() {
  const { t, i18n } = useTranslation('settings');
  const state = useQuery(driveStateQuery());
  const connect = useConnectDrive();
  const disconnect = useDisconnectDrive();
  const focusLater = useFocusLater();
  const form = useApiForm<typeof EMPTY>({ schema: DriveConnectInput, defaultValues: EMPTY });

  const onSubmit = form.submit(async (values) => {
    await connect.mutateAsync(values);
    form.reset(EMPTY);
    focusLater(() => document.querySelector<HTMLElement>('[data-testid="drive-disconnect"]'));
  }, t('drive.connectFailed'));

  const connected = state.data?.status === 'connected';
  return (
    <IntegrationCard
      integration="webdav"
      testId="drive-card"
      icon={HardDriveDownload}
      name={t('drive.name')}
      badge={
        state.data && (
          <StatusBadge tone={connected ? 'active' : 'soon'}>
            <span data-testid="drive-status">{t(connected ? 'drive.connected' : 'drive.disconnected')}</span>
          </StatusBadge>
        )
      }
      description={<p className="mt-1 text-sm text-muted">{t('drive.description')}</p>}
    >
      <IntegrationState query={state} failed={t('drive.loadFailed')}>
        {(data) =>
          data.status === 'connected' ? (
            <div className="mt-4 flex flex-wrap items-center gap-3 rounded-control bg-surface-2/50 p-3 text-sm">
              <CheckCircle2 aria-hidden className="h-4 w-4 shrink-0 text-success" />
              <p className="min-w-0 flex-1 basis-56 break-words">
                {/* An address reads left to right in any language (LRI … PDI): its trailing slash stays at its end. */}
                {t('drive.connectedAs', { user: `\u2068${data.username ?? ''}\u2069`, url: `\u2066${data.url ?? ''}\u2069` })}
                {data.connected_at && (
                  <span className="block text-xs text-muted">
                    {t('drive.since', {
                      date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(data.connected_at)),
                    })}
                  </span>
                )}
              </p>
              <Button
                variant="outline"
                size="sm"
                busy={disconnect.isPending}
                icon={<Unplug aria-hidden className="h-4 w-4" />}
                onClick={() =>
                  disconnect.mutate(undefined, { onSuccess: () => focusLater(() => form.formRef.current?.querySelector('input')) })
                }
                data-testid="drive-disconnect"
              >
                {t('drive.disconnect')}
              </Button>
              {disconnect.isError && (
                <p role="alert" className="w-full text-danger">
                  {t('drive.disconnectFailed')}
                </p>
              )}
            </div>
          ) : (
            <form ref={form.formRef} onSubmit={onSubmit} noValidate className="mt-4 space-y-3" data-testid="drive-form">
              {form.formError && <Alert tone="error">{form.formError}</Alert>}
              <TextField
                label={t('drive.url')}
                type="url"
                dir="ltr"
                inputMode="url"
                autoComplete="url"
                placeholder="https://cloud.example.com/remote.php/dav/files/me/"
                {...form.field('url')}
              />
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField label={t('drive.username')} dir="ltr" autoComplete="username" {...form.field('username')} />
                <TextField
                  label={t('drive.password')}
                  autoComplete="off"
                  revealable={{ show: t('passwordForm.show'), hide: t('passwordForm.hide') }}
                  {...form.field('password')}
                />
              </div>
              <p className="text-xs text-muted">{t('drive.passwordHint')}</p>
              <Button type="submit" busy={connect.isPending}>
                {connect.isPending ? t('drive.checking') : t('drive.connect')}
              </Button>
            </form>
          )
        }
      </IntegrationState>
    </IntegrationCard>
  );
}
