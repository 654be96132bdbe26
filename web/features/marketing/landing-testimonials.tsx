import { Quote, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading.tsx';

const TESTIMONIALS = ['one', 'two', 'three'] as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0])
    .join('');
}

export function LandingTestimonials() {
  const { t } = useTranslation('public');
  return (
    <section aria-labelledby="testimonials-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" eyebrow={t('testimonials.eyebrow')} title={t('testimonials.title')} />
        <ul className="mt-12 grid gap-5 md:grid-cols-3">
          {TESTIMONIALS.map((key) => {
            const name = t(`testimonials.${key}.name`);
            return (
              <li key={key}>
                <figure className="flex h-full flex-col rounded-card border border-line bg-surface p-6">
                  <div className="flex items-center justify-between">
                    <div role="img" aria-label={t('testimonials.rating')} className="flex gap-0.5 text-warning">
                      {[0, 1, 2, 3, 4].map((star) => (
                        <Star key={star} aria-hidden className="h-4 w-4 fill-current" />
                      ))}
                    </div>
                    <Quote aria-hidden className="h-6 w-6 text-brand/30" />
                  </div>
                  <blockquote className="mt-4 flex-1 leading-relaxed text-fg">{t(`testimonials.${key}.quote`)}</blockquote>
                  <figcaption className="mt-6 flex items-center gap-3">
                    <span
                      aria-hidden
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-strong"
                    >
                      {initials(name)}
                    </span>
                    <span>
                      <span className="block font-semibold text-fg">{name}</span>
                      <span className="block text-sm text-muted">{t(`testimonials.${key}.role`)}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
