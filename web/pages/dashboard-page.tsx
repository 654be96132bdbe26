import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function DashboardPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('pages.dashboard'), description: t('pages.dashboard'), indexable: false });
  return <PageHeading title={t('pages.dashboard')} description={t('pages.notBuiltYet')} />;
}
