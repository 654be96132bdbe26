import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MARKETING } from '../../../common/marketing.ts';
import { LanguageSelect } from '../../components/ui/language-select.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useLanguage } from '../../i18n/use-language.ts';

const footerLink = 'text-sm text-muted transition-colors hover:text-fg';

/** Spec §2: Product and Legal links, a language selector and the 2024 copyright. */
export function PublicFooter({ featuresHref = '/#features' }: { featuresHref?: string }) {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const [language, setLanguage] = useLanguage();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1.3fr]">
        <div className="max-w-xs">
          <Link to="/" aria-label={tc('nav.home')} className="inline-block rounded-control">
            <Logo />
          </Link>
          <p className="mt-3 text-sm text-muted">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold text-fg">
            {t('footer.product')}
          </h2>
          <ul className="mt-3 space-y-2.5">
            <li>
              <a href={featuresHref} className={footerLink}>
                {t('nav.features')}
              </a>
            </li>
            <li>
              <Link to="/pricing" className={footerLink}>
                {t('nav.pricing')}
              </Link>
            </li>
            <li>
              <Link to="/contact" className={footerLink}>
                {t('footer.contact')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-fg">
            {t('footer.legal')}
          </h2>
          <ul className="mt-3 space-y-2.5">
            <li>
              <Link to="/privacy" className={footerLink}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={footerLink}>
                {t('footer.terms')}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-fg">{t('footer.language')}</h2>
          <span data-language-picker className="mt-3 flex">
            <LanguageSelect value={language} onChange={setLanguage} label={tc('language.label')} />
          </span>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted sm:px-6">{t('footer.copyright', { year: MARKETING.copyrightYear })}</p>
      </div>
    </footer>
  );
}
