import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { LabelsOverview } from '../features/labels/labels-overview.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function LabelsPage() {
  const { t } = useTranslation('labels');
  usePageMeta({ title: t('title'), description: t('subtitle'), indexable: false });
  return (
    <>
      <PageHeading title={t('title')} description={t('subtitle')} />
      <LabelsOverview />
    </>
  );
}
