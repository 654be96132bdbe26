import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '../../../common/locales.ts';
import { cx } from '../../lib/class-names.ts';
import { HIDDEN_UNLESS_LANGUAGE } from '../../lib/static-markup.ts';
import { LandingBeta } from './landing-beta.tsx';
import { LandingCta } from './landing-cta.tsx';
import { LandingFeatures } from './landing-features.tsx';
import { LandingFigures } from './landing-figures.tsx';
import { LandingHero } from './landing-hero.tsx';
import { LandingTestimonials } from './landing-testimonials.tsx';
import { PublicFooter } from './public-footer.tsx';
import { PublicTopBar } from './public-top-bar.tsx';
import { useStaticMarkup } from './render-mode.tsx';

/** The whole landing page (spec §2), shared by the live route and the server-rendered HTML. */
export function LandingContent() {
  const { t, i18n } = useTranslation();
  const staticMarkup = useStaticMarkup();
  const language = i18n.resolvedLanguage;
  return (
    <div
      className={cx('flex min-h-dvh flex-col bg-bg', staticMarkup && isLanguageCode(language) && HIDDEN_UNLESS_LANGUAGE[language])}
      data-landing
      data-language={language}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-control focus:bg-surface focus:p-2"
      >
        {t('skipToContent')}
      </a>
      <PublicTopBar featuresHref="#features" />
      <main id="main" className="flex-1">
        <LandingHero />
        <LandingFigures />
        <LandingFeatures />
        <LandingBeta />
        <LandingTestimonials />
        <LandingCta />
      </main>
      <PublicFooter featuresHref="#features" />
    </div>
  );
}
