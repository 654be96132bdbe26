import { ListChecks, ShieldCheck, Smartphone, Sparkles, Tags, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading.tsx';

/** Spec §2: the six feature cards, in this order. */
export const LANDING_FEATURES: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'smartTasks', icon: ListChecks },
  { key: 'ai', icon: Sparkles },
  { key: 'labels', icon: Tags },
  { key: 'mobile', icon: Smartphone },
  { key: 'secure', icon: ShieldCheck },
  { key: 'team', icon: Users },
];

export function LandingFeatures() {
  const { t } = useTranslation('public');
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="features-title" eyebrow={t('features.eyebrow')} title={t('features.title')}>
          {t('features.subtitle')}
        </SectionHeading>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {LANDING_FEATURES.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="rounded-card border border-line bg-surface p-6 transition-colors duration-150 hover:border-brand/40"
              data-feature={key}
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-control bg-brand-soft text-brand-strong">
                <Icon aria-hidden className="h-5 w-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-fg">{t(`features.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t(`features.${key}.description`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
