import { useTranslation } from 'react-i18next';
import { TERMS_OF_SERVICE } from '../features/marketing/legal-document.ts';
import { LegalPage } from '../features/marketing/legal-page.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function TermsPage() {
  // Both namespaces load in parallel rather than one after the other.
  const { t } = useTranslation(['public', 'legal']);
  usePageMeta({
    title: t('meta.terms.title'),
    description: t('meta.terms.description'),
    keywords: t('meta.terms.keywords'),
    indexable: true,
  });
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
