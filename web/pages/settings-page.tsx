import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function SettingsPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('pages.settings'), description: t('pages.settings'), indexable: false });
  return <PageHeading title={t('pages.settings')} description={t('pages.notBuiltYet')} />;
}
