import { useTranslation } from 'react-i18next';
import { PublicPlaceholder } from '../components/ui/public-placeholder.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function ContactPage() {
  const { t } = useTranslation();
  usePageMeta({ title: 'Contact Us', description: 'Contact Us', indexable: true });
  return <PublicPlaceholder title="Contact Us" backLabel={t('actions.backToHome')} />;
}
