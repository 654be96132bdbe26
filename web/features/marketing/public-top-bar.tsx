import { LayoutDashboard, Menu } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { LanguageSelect } from '../../components/ui/language-select.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { audienceProps, useAudience } from './render-mode.tsx';

const navLink = 'rounded-control px-3 py-2 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg';
const menuLink = 'block rounded-control px-3 py-2.5 text-sm font-medium text-fg hover:bg-surface-2';

/**
 * The fixed bar of the public pages (spec §2): Features, Pricing, language, and Sign in with
 * Get started, or Go to dashboard for a signed-in visitor. On phones the links and the
 * language move into a menu; <details> keeps it working in the static landing HTML too.
 */
export function PublicTopBar({ featuresHref = '/#features' }: { featuresHref?: string }) {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const [language, setLanguage] = useLanguage();
  const audience = useAudience();
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menu.current?.removeAttribute('open');

  // A click outside the phone menu or Escape closes it, as a menu should.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) menu.current.removeAttribute('open');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && menu.current?.open) {
        menu.current.removeAttribute('open');
        menu.current.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  const languagePicker = (className?: string) => (
    <span data-language-picker className={className}>
      <LanguageSelect value={language} onChange={setLanguage} label={tc('language.label')} compact />
    </span>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-line/70 bg-surface/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link to="/" aria-label={tc('nav.home')} className="shrink-0 rounded-control">
          <Logo />
        </Link>
        <nav aria-label={t('nav.label')} className="ms-6 hidden items-center gap-1 md:flex">
          <a href={featuresHref} className={navLink}>
            {t('nav.features')}
          </a>
          <Link to="/pricing" className={navLink}>
            {t('nav.pricing')}
          </Link>
        </nav>
        <div className="ms-auto flex items-center gap-2">
          {languagePicker('hidden md:inline-flex')}
          {audience !== 'user' && (
            <>
              <Link
                to="/login"
                className={buttonClasses('ghost', 'md', 'whitespace-nowrap max-sm:hidden')}
                {...audienceProps(audience, 'guest')}
              >
                {t('nav.signIn')}
              </Link>
              <Link to="/signup" className={buttonClasses('primary', 'md', 'whitespace-nowrap')} {...audienceProps(audience, 'guest')}>
                {t('nav.getStarted')}
              </Link>
            </>
          )}
          {audience !== 'guest' && (
            <Link to="/dashboard" className={buttonClasses('primary', 'md', 'whitespace-nowrap')} {...audienceProps(audience, 'user')}>
              <LayoutDashboard aria-hidden className="h-4 w-4" />
              {t('nav.goToDashboard')}
            </Link>
          )}
          <details ref={menu} data-menu className="relative md:hidden">
            <summary
              aria-label={t('nav.menu')}
              className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-control text-muted hover:bg-surface-2 hover:text-fg [&::-webkit-details-marker]:hidden"
            >
              <Menu aria-hidden className="h-5 w-5" />
            </summary>
            <div className="absolute end-0 top-12 w-64 rounded-card border border-line bg-surface p-2 shadow-lg">
              <nav aria-label={t('nav.label')} className="flex flex-col">
                <a href={featuresHref} className={menuLink} onClick={closeMenu}>
                  {t('nav.features')}
                </a>
                <Link to="/pricing" className={menuLink} onClick={closeMenu}>
                  {t('nav.pricing')}
                </Link>
                {audience !== 'user' && (
                  <Link to="/login" className={menuLink} onClick={closeMenu} {...audienceProps(audience, 'guest')}>
                    {t('nav.signIn')}
                  </Link>
                )}
              </nav>
              <div className="mt-2 border-t border-line px-1 pt-3 pb-1">{languagePicker('flex')}</div>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
