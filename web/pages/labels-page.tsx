import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function LabelsPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('pages.labels'), description: t('pages.labels'), indexable: false });
  return <PageHeading title={t('pages.labels')} description={t('pages.notBuiltYet')} />;
}
