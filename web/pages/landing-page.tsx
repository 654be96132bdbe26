import { useTranslation } from 'react-i18next';
import { LandingContent } from '../features/marketing/landing-content.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function LandingPage() {
  const { t } = useTranslation('public');
  usePageMeta({ title: t('meta.home.title'), description: t('meta.home.description'), keywords: t('meta.home.keywords'), indexable: true });
  return <LandingContent />;
}
