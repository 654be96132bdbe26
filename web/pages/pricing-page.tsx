import {
  ArrowRight,
  BadgeCheck,
  Building2,
  CalendarClock,
  Gift,
  Headphones,
  RefreshCw,
  SlidersHorizontal,
  Sparkles,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBetaPrice } from '../../common/marketing.ts';
import { buttonClasses } from '../components/ui/button.tsx';
import { buttonRoleProps } from '../components/ui/button-role.ts';
import { BackHomeLink } from '../features/marketing/back-home-link.tsx';
import { InfoCard } from '../features/marketing/info-card.tsx';
import { Pill } from '../features/marketing/pill.tsx';
import { PublicPageShell } from '../features/marketing/public-page-shell.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

const INCLUDED = [
  { key: 'aiFeatures', icon: Sparkles },
  { key: 'teamCollaboration', icon: Users },
  { key: 'premiumSupport', icon: Headphones },
] as const;

const HIGHLIGHTS = [
  { key: 'flexiblePlans', icon: SlidersHorizontal },
  { key: 'enterpriseReady', icon: Building2 },
  { key: 'alwaysImproving', icon: RefreshCw },
] as const;

/** Spec §2: the pricing placeholder while plans are prepared (launch Q2 2024). */
export default function PricingPage() {
  const { t, i18n } = useTranslation('public');
  usePageMeta({
    title: t('meta.pricing.title'),
    description: t('meta.pricing.description'),
    keywords: t('meta.pricing.keywords'),
    indexable: true,
  });
  return (
    <PublicPageShell>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <header className="mx-auto max-w-2xl text-center">
          <Pill icon={<CalendarClock aria-hidden className="h-3.5 w-3.5" />}>{t('pricing.badge')}</Pill>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl">{t('pricing.title')}</h1>
          <p className="mt-4 text-lg text-pretty text-muted">{t('pricing.subtitle')}</p>
        </header>

        <section
          aria-labelledby="beta-special"
          className="mx-auto mt-12 grid max-w-4xl gap-8 rounded-card border border-brand/25 bg-brand-soft p-8 sm:p-10 md:grid-cols-[1.3fr_1fr] md:items-center"
        >
          <div>
            <p className="flex items-center gap-2 text-sm font-semibold text-brand-strong">
              <Gift aria-hidden className="h-4 w-4" />
              {t('beta.badge')}
            </p>
            <h2 id="beta-special" className="mt-2 text-2xl font-bold tracking-tight text-fg sm:text-3xl">
              {t('pricing.beta.title')}
            </h2>
            <p className="mt-3 text-fg/80">{t('pricing.beta.description')}</p>
            <ul className="mt-5 space-y-2.5">
              {(['ai', 'team', 'support'] as const).map((item) => (
                <li key={item} className="flex items-start gap-2.5 text-fg">
                  <BadgeCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-success" />
                  {t(`pricing.beta.${item}`)}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-card border border-line bg-surface p-6 text-center shadow-sm">
            <p className="text-5xl font-bold tracking-tight text-fg">
              <bdi>{formatBetaPrice(i18n.resolvedLanguage ?? 'en')}</bdi>
            </p>
            <p className="mt-1 text-sm text-muted">{t('pricing.beta.period')}</p>
            <Link to="/signup" className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
              {/* "Start Free Today" is the page's one call to action below (spec §2). */}
              {t('beta.cta')}
              <ArrowRight aria-hidden className="rtl-mirror h-4 w-4" />
            </Link>
          </div>
        </section>

        <section aria-labelledby="included-title" className="mt-20">
          <h2 id="included-title" className="text-center text-2xl font-bold tracking-tight text-fg sm:text-3xl">
            {t('pricing.includedTitle')}
          </h2>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {INCLUDED.map(({ key, icon }) => (
              <InfoCard key={key} icon={icon} title={t(`pricing.${key}.title`)} text={t(`pricing.${key}.description`)} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="expect-title" className="mt-20">
          <h2 id="expect-title" className="text-center text-2xl font-bold tracking-tight text-fg sm:text-3xl">
            {t('pricing.expectTitle')}
          </h2>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {HIGHLIGHTS.map(({ key, icon }) => (
              <InfoCard key={key} icon={icon} title={t(`pricing.${key}.title`)} text={t(`pricing.${key}.description`)} tone="muted" />
            ))}
          </ul>
        </section>

        <div className="mt-20 flex flex-col items-center gap-5 text-center">
          <Link to="/signup" {...buttonRoleProps} className={buttonClasses('primary', 'lg')}>
            {t('pricing.cta')}
          </Link>
          <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-4 py-1.5 text-sm font-medium text-fg">
            <CalendarClock aria-hidden className="h-4 w-4 text-brand-strong" />
            {t('pricing.launch')}
          </p>
          <BackHomeLink />
        </div>
      </div>
    </PublicPageShell>
  );
}
