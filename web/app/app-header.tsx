import { LogOut, Menu, Settings, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguageSelect } from '../components/ui/language-select.tsx';
import { Logo } from '../components/ui/logo.tsx';
import { cx } from '../lib/class-names.ts';
import { useSession } from '../lib/session.tsx';
import { useLanguage } from '../i18n/use-language.ts';
import { paths } from './paths.ts';

const TABS = [
  { to: paths.dashboard, key: 'nav.tasks' },
  { to: paths.shared, key: 'nav.shared' },
  { to: paths.labels, key: 'nav.labels' },
] as const;

/** Spec §2: the active tab follows the path; default is Tasks. */
export function activeTab(pathname: string): (typeof TABS)[number]['to'] {
  return TABS.find((tab) => pathname.startsWith(tab.to))?.to ?? paths.dashboard;
}

export interface AppHeaderProps {
  /** Slots filled by features: the quick-add box and the notification bell. */
  quickAdd?: ReactNode;
  bell?: ReactNode;
}

export function AppHeader({ quickAdd, bell }: AppHeaderProps) {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const [language, setLanguage] = useLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const active = pathname === paths.settings ? undefined : activeTab(pathname);

  const tabLink = (tab: (typeof TABS)[number], mobile: boolean) => (
    <NavLink
      key={tab.to}
      to={tab.to}
      onClick={() => setMenuOpen(false)}
      aria-current={active === tab.to ? 'page' : undefined}
      className={cx(
        'rounded-control text-sm font-medium transition-colors',
        mobile ? 'block px-3 py-2.5' : 'px-3 py-2',
        active === tab.to ? 'bg-brand-soft text-brand-strong' : 'text-muted hover:bg-surface-2 hover:text-fg',
      )}
    >
      {t(tab.key)}
    </NavLink>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link to={paths.dashboard} aria-label={t('nav.home')} className="shrink-0 rounded-control">
          <Logo />
        </Link>
        <nav aria-label={t('nav.mainNavigation')} className="ms-4 hidden items-center gap-1 md:flex">
          {TABS.map((tab) => tabLink(tab, false))}
        </nav>
        <div className="ms-auto flex items-center gap-1.5">
          {quickAdd}
          {bell}
          <Link
            to={paths.settings}
            aria-label={t('nav.settings')}
            title={t('nav.settings')}
            aria-current={pathname === paths.settings ? 'page' : undefined}
            className={cx(
              'hidden h-10 w-10 items-center justify-center rounded-control md:flex',
              pathname === paths.settings ? 'bg-brand-soft text-brand-strong' : 'text-muted hover:bg-surface-2 hover:text-fg',
            )}
          >
            <Settings aria-hidden className="h-5 w-5" />
          </Link>
          <div className="hidden md:block">
            <LanguageSelect value={language} onChange={setLanguage} label={t('language.label')} compact />
          </div>
          <button
            type="button"
            onClick={() => void signOut()}
            className="hidden h-10 items-center gap-2 rounded-control px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg md:flex"
          >
            <LogOut aria-hidden className="rtl-mirror h-4 w-4" />
            <span className="hidden lg:inline">{t('nav.signOut')}</span>
            <span className="sr-only lg:hidden">{t('nav.signOut')}</span>
          </button>
          <button
            type="button"
            className="flex h-10 w-10 items-center justify-center rounded-control text-muted hover:bg-surface-2 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden className="h-5 w-5" /> : <Menu aria-hidden className="h-5 w-5" />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-line bg-surface px-4 pb-4 pt-2 md:hidden">
          <nav aria-label={t('nav.mainNavigation')} className="flex flex-col gap-1">
            {TABS.map((tab) => tabLink(tab, true))}
            <NavLink
              to={paths.settings}
              onClick={() => setMenuOpen(false)}
              className={cx(
                'flex items-center gap-2 rounded-control px-3 py-2.5 text-sm font-medium',
                pathname === paths.settings ? 'bg-brand-soft text-brand-strong' : 'text-muted hover:bg-surface-2',
              )}
            >
              <Settings aria-hidden className="h-4 w-4" /> {t('nav.settings')}
            </NavLink>
          </nav>
          <div className="mt-3 flex items-center justify-between gap-3 border-t border-line pt-3">
            <LanguageSelect value={language} onChange={setLanguage} label={t('language.label')} />
            <button
              type="button"
              onClick={() => void signOut()}
              className="flex h-9 items-center gap-2 rounded-control px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg"
            >
              <LogOut aria-hidden className="rtl-mirror h-4 w-4" /> {t('nav.signOut')}
            </button>
          </div>
        </div>
      )}
    </header>
  );
}
