import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function SharedPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('pages.shared'), description: t('pages.shared'), indexable: false });
  return <PageHeading title={t('pages.shared')} description={t('pages.notBuiltYet')} />;
}
