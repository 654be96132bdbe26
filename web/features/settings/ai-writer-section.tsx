import { useQuery } from '@tanstack/react-query';
import { AlertCircle, Bot, Cpu, Globe2, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { aiStatusQuery } from '../../lib/api/ai-queries.ts';
import { SettingsSection, StatusBadge } from './settings-section.tsx';

/** Which AI writer is active, from GET /api/ai/status, with loading and error states. */
export function AiWriterSection() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const status = useQuery(aiStatusQuery());

  return (
    <SettingsSection id="ai-writer" icon={Bot} title={t('ai.title')} description={t('ai.description')}>
      {status.isPending ? (
        <div role="status" aria-live="polite" className="flex items-center gap-3 rounded-control border border-line p-4">
          <span aria-hidden className="h-10 w-10 animate-pulse rounded-control bg-surface-2" />
          <span className="flex-1 space-y-2">
            <span aria-hidden className="block h-3 w-40 animate-pulse rounded-full bg-surface-2" />
            <span aria-hidden className="block h-3 w-64 max-w-full animate-pulse rounded-full bg-surface-2" />
            <span className="sr-only">{t('ai.loading')}</span>
          </span>
        </div>
      ) : status.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-control bg-danger-soft px-4 py-3 text-sm text-danger">
          <AlertCircle aria-hidden className="h-4 w-4 shrink-0" />
          <span className="flex-1">{t('ai.error')}</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void status.refetch()}
            busy={status.isFetching}
            icon={<RotateCw aria-hidden className="h-3.5 w-3.5" />}
          >
            {tc('actions.tryAgain')}
          </Button>
        </div>
      ) : (
        <div
          className="flex items-start gap-4 rounded-control border border-line bg-surface-2/50 p-4"
          data-testid="ai-writer-status"
          data-kind={status.data.kind}
        >
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-control bg-surface text-brand-strong shadow-sm">
            {status.data.kind === 'builtin' ? <Cpu aria-hidden className="h-5 w-5" /> : <Globe2 aria-hidden className="h-5 w-5" />}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-semibold text-fg">{t(status.data.kind === 'builtin' ? 'ai.builtin.name' : 'ai.openaiCompatible.name')}</p>
              <StatusBadge tone="active">{t('ai.active')}</StatusBadge>
            </div>
            <p className="mt-1 text-sm text-muted">{t(status.data.kind === 'builtin' ? 'ai.builtin.text' : 'ai.openaiCompatible.text')}</p>
            {status.data.kind === 'openai-compatible' && (
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {status.data.model && (
                  <>
                    <dt className="text-muted">{t('ai.model')}</dt>
                    <dd className="font-mono text-xs leading-5 break-all text-fg">
                      <bdi>{status.data.model}</bdi>
                    </dd>
                  </>
                )}
                <dt className="text-muted">{t('ai.provider')}</dt>
                <dd className="font-mono text-xs leading-5 break-all text-fg">
                  <bdi>{status.data.label}</bdi>
                </dd>
              </dl>
            )}
          </div>
        </div>
      )}
    </SettingsSection>
  );
}
