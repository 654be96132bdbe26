import { CalendarDays } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackHomeLink } from './back-home-link.tsx';
import type { LegalBlock, LegalDocument } from './legal-document.ts';
import { PublicPageShell } from './public-page-shell.tsx';

const inlineLink = 'font-medium text-brand-strong underline underline-offset-4';
/** Pages the texts may link to, written <contact>…</contact> or <privacy>…</privacy>. */
const LINKS = {
  contact: <Link to="/contact" className={inlineLink} />,
  privacy: <Link to="/privacy" className={inlineLink} />,
};

function Block({ block, base }: { block: LegalBlock; base: string }) {
  const { t } = useTranslation('legal');
  switch (block.kind) {
    case 'paragraph': {
      const key = `${base}.${block.key}`;
      const text = t(key);
      return <p>{text.includes('</') ? <Trans t={t} i18nKey={key} components={LINKS} /> : text}</p>;
    }
    case 'heading':
      return <h3 className="mt-6 text-base font-semibold text-fg">{t(`${base}.${block.key}`)}</h3>;
    case 'list':
      return (
        <ul className="list-disc space-y-2 ps-5 marker:text-brand">
          {block.keys.map((key) => (
            <li key={key}>{t(`${base}.${key}`)}</li>
          ))}
        </ul>
      );
    case 'terms':
      return (
        <ul className="space-y-3">
          {block.keys.map((key) => (
            <li key={key} className="rounded-control border border-line bg-surface-2/60 px-4 py-3">
              <strong className="font-semibold text-fg">{t(`${base}.${key}Term`)}</strong>
              <span className="mx-1.5 text-muted" aria-hidden>
                ·
              </span>
              {t(`${base}.${key}Text`)}
            </li>
          ))}
        </ul>
      );
  }
}

/** Privacy Policy and Terms of Service: title, date, contents, numbered sections, the way home. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  return (
    <PublicPageShell>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <header className="max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight text-fg sm:text-5xl">{t(`${document.id}.title`)}</h1>
          <p className="mt-4 text-lg text-pretty text-muted">{t(`${document.id}.summary`)}</p>
          <p className="mt-5 inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-sm text-muted">
            <CalendarDays aria-hidden className="h-4 w-4" />
            {t('lastUpdated')}
          </p>
        </header>
        <div className="mt-12 grid gap-10 lg:grid-cols-[16rem_1fr] lg:gap-14">
          <nav aria-labelledby="contents-title" className="lg:sticky lg:top-24 lg:self-start">
            <h2 id="contents-title" className="text-sm font-semibold text-fg">
              {t('onThisPage')}
            </h2>
            <ol className="mt-3 space-y-1 border-s border-line">
              {document.sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ms-px block border-s-2 border-transparent py-1 ps-4 text-sm text-muted transition-colors hover:border-brand hover:text-fg"
                  >
                    {index + 1}. {t(`${document.id}.${section.id}.title`)}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="max-w-3xl rounded-card border border-line bg-surface p-6 sm:p-10">
            {document.sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24 [&+&]:mt-10">
                <h2 id={`${section.id}-title`} className="flex gap-3 text-xl font-semibold tracking-tight text-fg">
                  <span className="text-brand-strong">{index + 1}.</span>
                  {t(`${document.id}.${section.id}.title`)}
                </h2>
                <div className="mt-4 space-y-4 leading-relaxed text-fg/85">
                  {section.blocks.map((block, blockIndex) => (
                    <Block key={blockIndex} block={block} base={`${document.id}.${section.id}`} />
                  ))}
                </div>
              </section>
            ))}
            <p className="mt-12 border-t border-line pt-6 text-sm text-muted">
              <Trans t={t} i18nKey="questions" components={LINKS} />
            </p>
          </article>
        </div>
        <div className="mt-12 flex justify-center lg:ms-[17.5rem] lg:justify-start">
          <BackHomeLink />
        </div>
      </div>
    </PublicPageShell>
  );
}
