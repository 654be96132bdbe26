import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';

/** Spec §2: every public sub-page offers a way back to the landing page. */
export function BackHomeLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={buttonClasses('outline', 'md', className)}>
      <ArrowLeft aria-hidden className="rtl-mirror h-4 w-4" />
      {t('actions.backToHome')}
    </Link>
  );
}
