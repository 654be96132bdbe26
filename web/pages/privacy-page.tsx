import { useTranslation } from 'react-i18next';
import { PublicPlaceholder } from '../components/ui/public-placeholder.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function PrivacyPage() {
  const { t } = useTranslation();
  usePageMeta({ title: 'Privacy Policy', description: 'Privacy Policy', indexable: true });
  return <PublicPlaceholder title="Privacy Policy" backLabel={t('actions.backToHome')} />;
}
