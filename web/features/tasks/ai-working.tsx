import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';

/** Spec §4 'working' state of an AI action: a live progress line and a Cancel that stops it. */
export function AiWorking({ onCancel }: { onCancel(): void }) {
  const { t } = useTranslation('tasks');
  return (
    <>
      <span className="text-sm text-muted" aria-live="polite">
        {t('ai.streaming')}
      </span>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        {t('common:actions.cancel')}
      </Button>
    </>
  );
}
