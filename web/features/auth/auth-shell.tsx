import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../../components/ui/language-select.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { buttonRoleProps } from '../../components/ui/button-role.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/** The frame of the sign-in, sign-up and account-link screens: back to home, language, a centred card. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
  mark,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Shown above the title: the outcome of a mailed link. */
  mark?: ReactNode;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();
  return (
    <div className="flex min-h-dvh flex-col bg-bg bg-[radial-gradient(ellipse_at_top,var(--brand-soft),transparent_60%)]">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
        <Link to="/" {...buttonRoleProps} className={buttonClasses('ghost', 'sm')}>
          <ArrowLeft aria-hidden className="rtl-mirror h-4 w-4" />
          {t('actions.backToHome')}
        </Link>
        <LanguageSelect value={language} onChange={setLanguage} label={t('language.label')} />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:items-center">
        <div className="w-full max-w-md">
          <div className="mb-6 flex justify-center">
            <Logo className="text-xl" />
          </div>
          <div className="rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8">
            {mark && <div className="mb-4">{mark}</div>}
            <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
            {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
            <div className="mt-6">{children}</div>
          </div>
          {footer && <p className="mt-6 text-center text-sm text-muted">{footer}</p>}
        </div>
      </main>
    </div>
  );
}
