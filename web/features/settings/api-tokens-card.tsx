import { useQuery } from '@tanstack/react-query';
import { KeyRound, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_SCOPES, ApiTokenInput, type ApiToken, type ApiTokenScope } from '../../../common/schemas/api-token.schema.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { inputClasses, TextField } from '../../components/ui/text-field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { useApiForm } from '../../lib/forms/use-api-form.ts';
import { apiTokensQuery, useMakeApiToken, useRevokeApiToken } from './api-tokens-api.ts';
import { CopyField, IntegrationCard, IntegrationState } from './integration-card.tsx';
import { useFocusLater } from './use-focus-later.ts';

const EMPTY: { name: string; scope: ApiTokenScope } = { name: '', scope: 'read' };

/**
 * Issue 25: personal API tokens for scripts and other apps. Made with a name and a scope, the
 * secret shown once with a copy button, listed with when each was last used, revoked after a
 * confirmation. Only a signed-in session sees this (the API refuses tokens here).
 */
export function ApiTokensCard() {
  const { t, i18n } = useTranslation('settings');
  const toast = useToast();
  const list = useQuery(apiTokensQuery());
  const makeToken = useMakeApiToken();
  const revoke = useRevokeApiToken();
  const focusLater = useFocusLater();
  const [fresh, setFresh] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const secret = useRef<HTMLInputElement>(null);
  const scopeId = useId();
  const secretId = useId();
  const form = useApiForm<typeof EMPTY>({ schema: ApiTokenInput, defaultValues: EMPTY });
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const onSubmit = form.submit(async (values) => {
    const made = await makeToken.mutateAsync(values);
    setFresh({ name: made.api_token.name, token: made.token });
    form.reset(EMPTY);
    focusLater(() => secret.current);
  }, t('apiTokens.makeFailed'));

  const name = form.field('name');
  return (
    <IntegrationCard
      integration="api-tokens"
      testId="api-tokens-card"
      icon={KeyRound}
      name={t('apiTokens.name')}
      description={
        <>
          <p className="mt-1 text-sm text-muted">{t('apiTokens.description')}</p>
          {/* The header as it is typed, left to right in any language. */}
          <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <code dir="ltr" className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-fg">
              Authorization: Bearer &lt;token&gt;
            </code>
            <a
              href="/api/docs"
              className="tap-target inline-flex items-center font-medium text-brand-strong underline-offset-2 hover:underline"
              target="_blank"
              rel="noopener"
            >
              {t('apiTokens.docs')}
            </a>
          </p>
        </>
      }
    >
      {fresh && (
        <div className="mt-4 space-y-2 rounded-control border border-brand/40 bg-brand-soft/40 p-3" data-testid="api-token-fresh">
          <label htmlFor={secretId} className="block text-sm font-medium text-fg">
            {t('apiTokens.fresh', { name: `\u2068${fresh.name}\u2069` })}
          </label>
          <CopyField id={secretId} value={fresh.token} copied={t('apiTokens.copied')} inputRef={secret} testId="api-token-secret">
            <Button
              variant="ghost"
              onClick={() => {
                setFresh(null);
                focusLater(() => form.formRef.current?.querySelector('input'));
              }}
            >
              {t('apiTokens.done')}
            </Button>
          </CopyField>
        </div>
      )}

      <IntegrationState query={list} failed={t('apiTokens.loadFailed')}>
        {(tokens) =>
          tokens.length > 0 ? (
            <ul className="mt-4 divide-y divide-line rounded-control border border-line" data-testid="api-token-list">
              {tokens.map((token) => (
                <li key={token.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 text-sm" data-testid="api-token">
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-medium break-words text-fg" dir="auto">
                        {token.name}
                      </span>
                      <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-muted">
                        {t(`apiTokens.scope.${token.scope}`)}
                      </span>
                    </p>
                    <p className="mt-0.5 text-xs text-muted">
                      {t('apiTokens.made', { date: when(token.created_at) })} ·{' '}
                      {token.last_used_at ? t('apiTokens.lastUsed', { date: when(token.last_used_at) }) : t('apiTokens.neverUsed')}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<Trash2 aria-hidden className="h-4 w-4" />}
                    onClick={() => setRevoking(token)}
                    aria-label={t('apiTokens.revokeNamed', { name: token.name })}
                  >
                    {t('apiTokens.revoke')}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-sm text-muted">{t('apiTokens.none')}</p>
          )
        }
      </IntegrationState>

      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="mt-4 space-y-3" data-testid="api-token-form">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-56">
            <TextField label={t('apiTokens.tokenName')} placeholder={t('apiTokens.tokenNamePlaceholder')} maxLength={100} {...name} />
          </div>
          <div className="w-full sm:w-56">
            <label htmlFor={scopeId} className="mb-1.5 block text-sm font-medium text-fg">
              {t('apiTokens.scopeLabel')}
            </label>
            <select
              id={scopeId}
              value={form.watch('scope')}
              onChange={(event) => form.setValue('scope', event.target.value as ApiTokenScope)}
              className={cx(inputClasses, 'h-10 max-md:h-11 py-0')}
            >
              {API_TOKEN_SCOPES.map((scope) => (
                <option key={scope} value={scope}>
                  {t(`apiTokens.scope.${scope}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" busy={makeToken.isPending}>
            {t('apiTokens.make')}
          </Button>
        </div>
        <p className="text-xs text-muted">{t('apiTokens.revokedWith')}</p>
      </form>

      <ConfirmDialog
        open={revoking !== null}
        title={t('apiTokens.revokeTitle')}
        confirmLabel={t('apiTokens.revoke')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        tone="danger"
        busy={revoke.isPending}
        returnFocusTo={() => (revoke.isSuccess ? form.formRef.current?.querySelector('input') : null)}
        onCancel={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              toast.show(t('apiTokens.revoked'));
            },
          })
        }
      >
        <p>{t('apiTokens.revokeWarning', { name: `\u2068${revoking?.name ?? ''}\u2069` })}</p>
        {revoke.isError && (
          <p role="alert" className="text-danger">
            {errorMessage(revoke.error, t('apiTokens.revokeFailed'), t('common:errors.pleaseTryAgain'))}
          </p>
        )}
      </ConfirmDialog>
    </IntegrationCard>
  );
}
