import { useTranslation } from 'react-i18next';
import { PRIVACY_POLICY } from '../features/marketing/legal-document.ts';
import { LegalPage } from '../features/marketing/legal-page.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function PrivacyPage() {
  // Both namespaces load in parallel rather than one after the other.
  const { t } = useTranslation(['public', 'legal']);
  usePageMeta({
    title: t('meta.privacy.title'),
    description: t('meta.privacy.description'),
    keywords: t('meta.privacy.keywords'),
    indexable: true,
  });
  return <LegalPage document={PRIVACY_POLICY} />;
}
