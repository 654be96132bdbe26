import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicFooter } from './public-footer.tsx';
import { PublicTopBar } from './public-top-bar.tsx';

/** Frame of the public sub-pages (pricing, contact, privacy, terms): top bar, content, footer. */
export function PublicPageShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-control focus:bg-surface focus:p-2"
      >
        {t('skipToContent')}
      </a>
      <PublicTopBar />
      <main id="main" className="relative isolate flex-1 pt-16">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(ellipse_at_top,var(--brand-soft),transparent_65%)]"
        />
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
