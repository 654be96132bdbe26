import { Cloud, FolderSync, Import, MessagesSquare, Plug, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SettingsSection, StatusBadge } from './settings-section.tsx';
import { ApiTokensCard } from './api-tokens-card.tsx';
import { CalendarFeedCard } from './calendar-feed-card.tsx';
import { WebDavDriveCard } from './webdav-drive-card.tsx';

const INTEGRATIONS: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'fileSync', icon: FolderSync },
  { key: 'cloudDrive', icon: Cloud },
  { key: 'teamChat', icon: MessagesSquare },
  { key: 'taskImport', icon: Import },
];

/**
 * Spec §1: integrations with a file sync service, a cloud drive, a team chat and a task import service. Issue 24
 * made a WebDAV drive work, issue 25 a calendar feed; drives that need an internet sign-in (Google Drive, Dropbox,
 * OneDrive) and the rest stay coming soon.
 */
export function IntegrationsSection() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection id="integrations" icon={Plug} title={t('integrations.title')} description={t('integrations.description')}>
      <ul className="grid gap-3 sm:grid-cols-2">
        <WebDavDriveCard />
        <CalendarFeedCard />
        <ApiTokensCard />
        {INTEGRATIONS.map(({ key, icon: Icon }) => (
          <li key={key} className="flex items-start gap-3 rounded-control border border-line p-4" data-integration={key}>
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-control bg-surface-2 text-muted">
              <Icon aria-hidden className="h-4.5 w-4.5" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-fg">{t(`integrations.${key}.name`)}</p>
                <StatusBadge tone="soon">{t('integrations.badge')}</StatusBadge>
              </div>
              <p className="mt-1 text-sm text-muted">{t(`integrations.${key}.description`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
