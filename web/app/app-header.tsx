import { CheckCircle2, LogOut, Menu, Settings, Tag, Users, X } from 'lucide-react';
import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguageSelect } from '../components/ui/language-select.tsx';
import { Logo } from '../components/ui/logo.tsx';
import { cx } from '../lib/class-names.ts';
import { lazyWithRetry } from '../lib/lazy-with-retry.ts';
import { usePendingWrites } from '../lib/offline/pending-writes.ts';
import { useCurrentUser, useSession } from '../lib/session.tsx';
import { onSignOutRequest } from '../lib/sign-out-request.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { paths } from './paths.ts';

// Loaded only when changes wait: the dashboard's first load has a budget (decision 025).
const SignOutConfirm = lazyWithRetry(() => import('./sign-out-confirm.tsx'));

const TABS = [
  { to: paths.dashboard, key: 'nav.tasks', icon: CheckCircle2 },
  { to: paths.shared, key: 'nav.shared', icon: Users },
  { to: paths.labels, key: 'nav.labels', icon: Tag },
] as const;

/** Spec §2: the active tab follows the path; default is Tasks. */
export function activeTab(pathname: string): (typeof TABS)[number]['to'] {
  return TABS.find((tab) => pathname.startsWith(tab.to))?.to ?? paths.dashboard;
}

/** The tab the path shows, none on settings. */
const useActiveTab = () => {
  const { pathname } = useLocation();
  return pathname === paths.settings ? undefined : activeTab(pathname);
};

export interface AppHeaderProps {
  /** Slots filled by features: the quick-add box (phones have it in the tab bar instead) and the notification bell. */
  quickAdd?: ReactNode;
  bell?: ReactNode;
}

/**
 * The signed-in header (spec §2). Wide screens: logo, tabs, quick add, bell, settings, language and
 * sign out. Phones (below md): logo, bell, settings and the collapsible menu with the account, its
 * language and sign out; the tabs and quick add are in PhoneTabBar, at the thumb.
 */
export function AppHeader({ quickAdd, bell }: AppHeaderProps) {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const waiting = usePendingWrites().length;
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  // Changes made offline and not yet sent are deleted by signing out: asked first (issue 23), from
  // here and from the command palette.
  const requestSignOut = useCallback(() => (waiting > 0 ? setConfirmingSignOut(true) : void signOut()), [waiting, signOut]);
  useEffect(() => onSignOutRequest(requestSignOut), [requestSignOut]);
  const user = useCurrentUser();
  const [language, setLanguage] = useLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const active = useActiveTab();

  return (
    // The safe area's top: installed, the header's colour runs under the status bar, its controls below it.
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-safe-4 sm:px-safe-6">
        <Link
          to={paths.dashboard}
          aria-label={t('nav.home')}
          className="tap-target shrink-0 rounded-control max-md:flex max-md:items-center"
        >
          <Logo />
        </Link>
        <nav aria-label={t('nav.mainNavigation')} className="ms-4 hidden items-center gap-1 md:flex">
          {TABS.map((tab) => (
            <NavLink
              key={tab.to}
              to={tab.to}
              aria-current={active === tab.to ? 'page' : undefined}
              className={cx(
                'rounded-control px-3 py-2 text-sm font-medium transition-colors',
                active === tab.to ? 'bg-brand-soft text-brand-strong' : 'text-muted hover:bg-surface-2 hover:text-fg',
              )}
            >
              {t(tab.key)}
            </NavLink>
          ))}
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
              'tap-target flex h-10 w-10 items-center justify-center rounded-control',
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
            onClick={requestSignOut}
            className="hidden h-10 items-center gap-2 rounded-control px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg md:flex"
          >
            <LogOut aria-hidden className="rtl-mirror h-4 w-4" />
            <span className="hidden lg:inline">{t('nav.signOut')}</span>
            <span className="sr-only lg:hidden">{t('nav.signOut')}</span>
          </button>
          <button
            type="button"
            className="tap-target flex h-10 w-10 items-center justify-center rounded-control text-muted hover:bg-surface-2 md:hidden"
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
        // The account's corner: who is signed in, the language and sign out (the tabs are in the tab bar below).
        <div id="mobile-menu" className="border-t border-line bg-surface px-safe-4 pt-3 pb-4 md:hidden">
          <p className="min-w-0 text-sm">
            <span className="block truncate font-medium text-fg">{user.name}</span>
            <span className="block truncate text-muted" dir="ltr">
              {user.email}
            </span>
          </p>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
            <LanguageSelect value={language} onChange={setLanguage} label={t('language.label')} className="[&_select]:tap-target" />
            <button
              type="button"
              onClick={requestSignOut}
              className="tap-target flex h-9 items-center gap-2 rounded-control px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg"
            >
              <LogOut aria-hidden className="rtl-mirror h-4 w-4" /> {t('nav.signOut')}
            </button>
          </div>
        </div>
      )}
      {confirmingSignOut && (
        <Suspense fallback={null}>
          <SignOutConfirm waiting={waiting} signOut={signOut} onCancel={() => setConfirmingSignOut(false)} />
        </Suspense>
      )}
    </header>
  );
}

/**
 * Phones (below md): the spec's tabs at the bottom of the screen, where the thumb is, with quick add
 * at the end of the bar; while quick add is open its field takes the bar's place, just above the
 * keyboard. The bar's height and the home indicator's strip are --dock-space (styles.css), above
 * which toasts and the floating add button sit.
 */
export function PhoneTabBar({ quickAdd }: { quickAdd: ReactNode }) {
  const { t } = useTranslation();
  const active = useActiveTab();
  return (
    <div
      data-phone-dock
      className="group/dock fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface px-safe-0 pb-[env(safe-area-inset-bottom)]"
    >
      <div className="flex h-16 items-stretch">
        <nav aria-label={t('nav.mainNavigation')} className="grid w-3/4 shrink-0 grid-cols-3 group-has-[form]/dock:hidden">
          {TABS.map(({ to, key, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              aria-current={active === to ? 'page' : undefined}
              className={cx(
                'flex min-w-0 flex-col items-center justify-center gap-1 px-1 text-[0.6875rem] leading-tight font-medium -outline-offset-2',
                active === to ? 'text-brand-strong' : 'text-muted hover:text-fg',
              )}
            >
              <span
                className={cx(
                  'flex h-7 w-14 shrink-0 items-center justify-center rounded-full transition-colors',
                  active === to && 'bg-brand-soft',
                )}
              >
                <Icon aria-hidden className="h-5 w-5" />
              </span>
              <span className="line-clamp-2 max-w-full text-center break-words">{t(key)}</span>
            </NavLink>
          ))}
        </nav>
        {quickAdd}
      </div>
    </div>
  );
}
