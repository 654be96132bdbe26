import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { aiStatusQuery } from '../../lib/api/ai-queries.ts';

/** Names the writer behind the AI buttons (issue #7): the built-in offline writer or the configured model. */
export function AiWriterName() {
  const { t } = useTranslation('tasks');
  const status = useQuery(aiStatusQuery());
  if (!status.data) return null;
  const name = status.data.kind === 'builtin' ? t('ai.writerBuiltin') : (status.data.model ?? status.data.label);
  return (
    <span className="text-xs text-muted">
      <Trans
        t={t}
        i18nKey="ai.writerLabel"
        values={{ name }}
        components={{ name: <bdi data-testid="ai-writer-name" className="font-medium" /> }}
      />
    </span>
  );
}
