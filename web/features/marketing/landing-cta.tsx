import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';

/** The closing call to action of the landing page. */
export function LandingCta() {
  const { t } = useTranslation('public');
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="relative isolate overflow-hidden rounded-card border border-line bg-surface px-6 py-14 text-center sm:px-12 sm:py-16">
        <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_bottom,var(--brand-soft),transparent_70%)]" />
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">
          {t('cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-muted">{t('cta.subtitle')}</p>
        <div className="mt-8 flex justify-center">
          <Link to="/signup" className={buttonClasses('primary', 'lg')}>
            {t('cta.button')}
            <ArrowRight aria-hidden className="rtl-mirror h-4 w-4" />
          </Link>
        </div>
        <p className="mt-4 text-sm text-muted">{t('cta.note')}</p>
      </div>
    </section>
  );
}
