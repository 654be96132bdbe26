import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { AiWriterSection } from '../features/settings/ai-writer-section.tsx';
import { AppearanceSection } from '../features/settings/appearance-section.tsx';
import { IntegrationsSection } from '../features/settings/coming-soon-sections.tsx';
import { DangerZone } from '../features/settings/danger-zone.tsx';
import { EmailSection } from '../features/settings/email-section.tsx';
import { NotificationSettingsSection } from '../features/settings/notification-settings-section.tsx';
import { PasswordSection } from '../features/settings/password-section.tsx';
import { ProfileCard } from '../features/settings/profile-card.tsx';
import { ProfileSection } from '../features/settings/profile-section.tsx';
import { SessionsSection } from '../features/settings/sessions-section.tsx';
import { StorageSection } from '../features/settings/storage-section.tsx';
import { usePageMeta } from '../lib/page-meta.ts';
import { useCurrentUser } from '../lib/session.tsx';

/** The cards of the page in order, for the contents beside the user card on wide screens. */
const CONTENTS = [
  ['profile-settings', 'profileForm.title'],
  ['email-settings', 'emailForm.title'],
  ['password-settings', 'passwordForm.title'],
  ['sessions-settings', 'sessions.title'],
  ['appearance', 'appearance.title'],
  ['ai-writer', 'ai.title'],
  ['notifications', 'notifications.title'],
  ['storage', 'storage.title'],
  ['integrations', 'integrations.title'],
  ['delete-account', 'danger.title'],
] as const;

/**
 * Spec §2: user card, appearance, notifications, integrations (coming soon), and the active AI
 * writer; issue 18 adds the account's name and photo, e-mail, password, sessions and deletion;
 * issue 22 makes notifications real settings.
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  usePageMeta({ title: t('title'), description: t('description'), indexable: false });
  return (
    <>
      <PageHeading title={t('title')} description={t('subtitle')} />
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
        <div className="space-y-4 lg:sticky lg:top-24">
          <ProfileCard user={user} />
          <nav aria-label={t('contents')} className="hidden rounded-card border border-line bg-surface p-2 lg:block">
            <ul className="space-y-0.5">
              {CONTENTS.map(([id, key]) => (
                <li key={id}>
                  <a
                    href={`#${id}`}
                    className={
                      id === 'delete-account'
                        ? 'block rounded-control px-3 py-1.5 text-sm text-danger hover:bg-danger-soft'
                        : 'block rounded-control px-3 py-1.5 text-sm text-muted hover:bg-surface-2 hover:text-fg'
                    }
                  >
                    {t(key)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="min-w-0 space-y-6">
          <ProfileSection user={user} />
          <EmailSection user={user} />
          <PasswordSection user={user} />
          <SessionsSection />
          <AppearanceSection />
          <AiWriterSection />
          <NotificationSettingsSection user={user} />
          <StorageSection />
          <IntegrationsSection />
          <DangerZone />
        </div>
      </div>
    </>
  );
}
