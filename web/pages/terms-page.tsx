import { useTranslation } from 'react-i18next';
import { PublicPlaceholder } from '../components/ui/public-placeholder.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function TermsPage() {
  const { t } = useTranslation();
  usePageMeta({ title: 'Terms of Service', description: 'Terms of Service', indexable: true });
  return <PublicPlaceholder title="Terms of Service" backLabel={t('actions.backToHome')} />;
}
