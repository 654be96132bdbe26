import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMarketingFigure, MARKETING_FIGURES } from '../../../common/marketing.ts';

/** The marketing claims of spec §1 (50K+ users, 1M+ tasks, 99.9% uptime, 4.9 rating), from common/marketing.ts. */
export function LandingFigures() {
  const { t, i18n } = useTranslation('public');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <section aria-label={t('figures.label')} className="border-y border-line bg-surface">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-y-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        {MARKETING_FIGURES.map((figure) => {
          const formatted = formatMarketingFigure(figure, locale);
          const approximate = figure === 'activeUsers' || figure === 'tasksManaged';
          return (
            <div key={figure} className="flex flex-col-reverse items-center gap-1 text-center">
              <dt className="text-sm text-muted">{t(`figures.${figure}`)}</dt>
              <dd className="flex items-center gap-1.5 text-3xl font-bold tracking-tight text-fg sm:text-4xl" data-figure={figure}>
                <bdi>{approximate ? t('figures.approximately', { value: formatted }) : formatted}</bdi>
                {figure === 'averageRating' && <Star aria-hidden className="h-6 w-6 fill-current text-warning" />}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
