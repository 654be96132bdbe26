import { ArrowRight, Check, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { cx } from '../../lib/class-names.ts';
import { Pill } from './pill.tsx';

export function LandingHero() {
  const { t } = useTranslation('public');
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden pt-28 pb-16 sm:pt-36 sm:pb-24">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[40rem] bg-[radial-gradient(ellipse_at_top,var(--brand-soft),transparent_65%)]"
      />
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
        <div>
          <Pill icon={<Sparkles aria-hidden className="h-3.5 w-3.5" />}>{t('hero.badge')}</Pill>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl lg:text-6xl">
            {t('hero.title')} <span className="text-brand-strong">{t('hero.titleHighlight')}</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-muted">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/signup" className={buttonClasses('primary', 'lg')}>
              {t('hero.primaryCta')}
              <ArrowRight aria-hidden className="rtl-mirror h-4 w-4" />
            </Link>
            <a href="#features" className={buttonClasses('outline', 'lg')}>
              {t('hero.secondaryCta')}
            </a>
          </div>
          <p className="mt-5 flex items-center gap-2 text-sm text-muted">
            <Check aria-hidden className="h-4 w-4 text-success" />
            {t('hero.note')}
          </p>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

const PRIORITY_CHIP = {
  high: 'bg-danger-soft text-danger',
  medium: 'bg-warning-soft text-warning',
  low: 'bg-success-soft text-success',
} as const;

/** A still picture of the dashboard, drawn with the app's own tokens so it follows the theme. */
function HeroPreview() {
  const { t } = useTranslation('public');
  const tasks = [
    { title: t('hero.preview.taskOne'), label: t('hero.preview.labelWork'), priority: 'high', done: false },
    { title: t('hero.preview.taskTwo'), label: t('hero.preview.labelTeam'), priority: 'medium', done: true },
    { title: t('hero.preview.taskThree'), label: t('hero.preview.labelTravel'), priority: 'low', done: true },
  ] as const;
  return (
    <figure className="relative mx-auto w-full max-w-lg lg:max-w-none">
      <figcaption className="sr-only">{t('hero.preview.label')}</figcaption>
      <div
        aria-hidden
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-[radial-gradient(closest-side,var(--brand-soft),transparent)] opacity-80"
      />
      <div aria-hidden className="rounded-card border border-line bg-surface p-4 shadow-xl shadow-brand/10 sm:p-5">
        <div className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-full bg-line" />
          <span className="h-2.5 w-2.5 rounded-full bg-line" />
          <span className="h-2.5 w-2.5 rounded-full bg-line" />
        </div>
        <div className="mt-4 flex items-baseline justify-between gap-3">
          <p className="text-lg font-semibold text-fg">{t('hero.preview.heading')}</p>
          <p className="text-xs font-medium text-muted">{t('hero.preview.summary')}</p>
        </div>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-2">
          <div className="h-full w-2/3 rounded-full bg-brand" />
        </div>
        <ul className="mt-4 space-y-2.5">
          {tasks.map((task) => (
            <li key={task.title} className="flex items-center gap-3 rounded-control border border-line bg-bg/60 px-3 py-2.5">
              <span
                className={cx(
                  'flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2',
                  task.done ? 'border-brand bg-brand text-brand-fg' : 'border-line',
                )}
              >
                {task.done && <Check className="h-3 w-3" strokeWidth={3} />}
              </span>
              <span className={cx('min-w-0 flex-1 truncate text-sm font-medium', task.done ? 'text-muted line-through' : 'text-fg')}>
                {task.title}
              </span>
              <span className="hidden rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-strong sm:inline">
                {task.label}
              </span>
              <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', PRIORITY_CHIP[task.priority])}>
                {t(`hero.preview.${task.priority}`)}
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-4 rounded-control border border-dashed border-brand/40 bg-brand-soft/60 p-3.5">
          <p className="flex items-center gap-1.5 text-xs font-semibold text-brand-strong">
            <Sparkles className="h-3.5 w-3.5" />
            {t('hero.preview.aiBadge')}
          </p>
          <p className="mt-1.5 text-sm leading-relaxed text-fg">{t('hero.preview.aiText')}</p>
        </div>
      </div>
    </figure>
  );
}
