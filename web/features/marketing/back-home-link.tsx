import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { buttonRoleProps } from '../../components/ui/button-role.ts';

/** Spec §2: every public sub-page offers a way back to the landing page, the "Back to Home button". */
export function BackHomeLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/" {...buttonRoleProps} className={buttonClasses('outline', 'md', className)}>
      <ArrowLeft aria-hidden className="rtl-mirror h-4 w-4" />
      {t('actions.backToHome')}
    </Link>
  );
}
