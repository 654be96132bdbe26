import { useQuery } from '@tanstack/react-query';
import { HardDrive, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { storageUsageQuery } from '../../lib/api/attachment-queries.ts';
import { fileSizeText } from '../../../common/file-size.ts';
import { SettingsSection } from './settings-section.tsx';

/** Issue 24: what the person's attached files take of their quota, and how large one file may be. */
export function StorageSection() {
  const { t, i18n } = useTranslation('settings');
  const usage = useQuery(storageUsageQuery());
  const size = (bytes: number) => fileSizeText(bytes, i18n.language);
  return (
    <SettingsSection id="storage" icon={HardDrive} title={t('storage.title')} description={t('storage.description')}>
      {usage.isPending ? (
        <div role="status" className="space-y-2">
          <span aria-hidden className="block h-2 w-full animate-pulse rounded-full bg-surface-2" />
          <span className="sr-only">{t('storage.loading')}</span>
        </div>
      ) : usage.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-control bg-danger-soft px-4 py-3 text-sm text-danger">
          <span className="flex-1">{t('storage.error')}</span>
          <Button variant="outline" size="sm" onClick={() => void usage.refetch()} icon={<RotateCw aria-hidden className="h-3.5 w-3.5" />}>
            {t('common:actions.tryAgain')}
          </Button>
        </div>
      ) : (
        <div data-testid="storage-usage">
          <meter
            className="block h-2 w-full"
            min={0}
            max={usage.data.quota_bytes}
            value={usage.data.used_bytes}
            high={usage.data.quota_bytes * 0.9}
            optimum={0}
            aria-label={t('storage.title')}
          />
          <p className="mt-2 text-sm text-fg">
            {t('storage.used', { used: size(usage.data.used_bytes), quota: size(usage.data.quota_bytes) })}
          </p>
          <p className="mt-1 text-sm text-muted">{t('storage.perFile', { size: size(usage.data.max_file_bytes) })}</p>
        </div>
      )}
    </SettingsSection>
  );
}
