import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { AiWriterSection } from '../features/settings/ai-writer-section.tsx';
import { AppearanceSection } from '../features/settings/appearance-section.tsx';
import { IntegrationsSection, NotificationsSection } from '../features/settings/coming-soon-sections.tsx';
import { ProfileCard } from '../features/settings/profile-card.tsx';
import { usePageMeta } from '../lib/page-meta.ts';
import { useCurrentUser } from '../lib/session.tsx';

/** Spec §2: user card, appearance, notifications (coming soon), integrations (coming soon), and the active AI writer. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  usePageMeta({ title: t('title'), description: t('description'), indexable: false });
  return (
    <>
      <PageHeading title={t('title')} description={t('subtitle')} />
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr] lg:items-start">
        <div className="lg:sticky lg:top-24">
          <ProfileCard user={user} />
        </div>
        <div className="space-y-6">
          <AppearanceSection />
          <AiWriterSection />
          <NotificationsSection />
          <IntegrationsSection />
        </div>
      </div>
    </>
  );
}
