import { Mail } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackHomeLink } from '../features/marketing/back-home-link.tsx';
import { Pill } from '../features/marketing/pill.tsx';
import { PublicPageShell } from '../features/marketing/public-page-shell.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

const inlineLink = 'font-medium text-brand-strong underline underline-offset-4';

/** Spec §2: a Coming Soon placeholder titled Contact Us. */
export default function ContactPage() {
  const { t } = useTranslation('public');
  usePageMeta({
    title: t('meta.contact.title'),
    description: t('meta.contact.description'),
    keywords: t('meta.contact.keywords'),
    indexable: true,
  });
  return (
    <PublicPageShell>
      <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28">
        <span className="flex h-16 w-16 items-center justify-center rounded-card bg-brand-soft text-brand-strong shadow-sm">
          <Mail aria-hidden className="h-8 w-8" />
        </span>
        <Pill className="mt-6">{t('contact.badge')}</Pill>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-fg sm:text-5xl">{t('contact.title')}</h1>
        <p className="mt-4 text-lg text-pretty text-muted">{t('contact.subtitle')}</p>
        <p className="mt-6 text-sm text-muted">
          <Trans
            t={t}
            i18nKey="contact.meanwhile"
            components={{ privacy: <Link to="/privacy" className={inlineLink} />, terms: <Link to="/terms" className={inlineLink} /> }}
          />
        </p>
        <BackHomeLink className="mt-10" />
      </div>
    </PublicPageShell>
  );
}
