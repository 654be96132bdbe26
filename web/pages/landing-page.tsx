import { useTranslation } from 'react-i18next';
import { PublicPlaceholder } from '../components/ui/public-placeholder.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function LandingPage() {
  const { t } = useTranslation();
  usePageMeta({ title: 'Taskaty', description: 'Taskaty', indexable: true });
  return <PublicPlaceholder title="Taskaty" backLabel={t('actions.backToHome')} />;
}
