import { useTranslation } from 'react-i18next';
import { PublicPlaceholder } from '../components/ui/public-placeholder.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function PricingPage() {
  const { t } = useTranslation();
  usePageMeta({ title: 'Pricing Plans', description: 'Pricing Plans', indexable: true });
  return <PublicPlaceholder title="Pricing Plans" backLabel={t('actions.backToHome')} />;
}
