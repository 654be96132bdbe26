import { CheckCircle2, Rocket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Pill } from './pill.tsx';

/** Spec §1: during the beta every enterprise feature (AI, unlimited team members and sharing, priority support) is free. */
export function LandingBeta() {
  const { t } = useTranslation('public');
  return (
    <section aria-labelledby="beta-title" className="mx-auto max-w-6xl px-4 sm:px-6">
      <div className="grid gap-8 rounded-card border border-brand/25 bg-brand-soft p-8 sm:p-12 lg:grid-cols-[1.2fr_1fr] lg:items-center lg:gap-12">
        <div>
          <Pill icon={<Rocket aria-hidden className="h-3.5 w-3.5" />} className="bg-surface">
            {t('beta.badge')}
          </Pill>
          <h2 id="beta-title" className="mt-4 text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">
            {t('beta.title')}
          </h2>
          <p className="mt-4 text-lg text-pretty text-fg/80">{t('beta.description')}</p>
        </div>
        <div className="rounded-card border border-line bg-surface p-6 shadow-sm">
          <ul className="space-y-3">
            {(['ai', 'team', 'support'] as const).map((item) => (
              <li key={item} className="flex items-start gap-3 text-fg">
                <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-success" />
                <span className="font-medium">{t(`beta.${item}`)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3">
            <Link to="/signup" className={buttonClasses('primary', 'md')}>
              {t('beta.cta')}
            </Link>
            <Link to="/pricing" className="text-sm font-medium text-brand-strong underline-offset-4 hover:underline">
              {t('beta.pricingLink')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
