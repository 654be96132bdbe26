import { Check, Monitor, Moon, Palette, Sun, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { THEMES, type Theme } from '../../../common/constants.ts';
import { LanguageSelect } from '../../components/ui/language-select.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { cx } from '../../lib/class-names.ts';
import { useTheme } from '../../theme/theme-provider.tsx';
import { SettingsSection } from './settings-section.tsx';
import { TimeZoneSetting } from './time-zone-setting.tsx';

const THEME_ICONS: Record<Theme, LucideIcon> = { light: Sun, dark: Moon, system: Monitor };

/** Spec §2/§4: theme light, dark or system (following the OS live), with a preview; the language; and the time zone (issue 21). */
export function AppearanceSection() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { theme, resolved, setTheme } = useTheme();
  const [language, setLanguage] = useLanguage();
  const mode = resolved === 'dark' ? 'Dark' : 'Light';

  return (
    <SettingsSection id="appearance" icon={Palette} title={t('appearance.title')} description={t('appearance.description')}>
      <fieldset>
        <legend className="text-sm font-medium text-fg">{t('appearance.themeLabel')}</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {THEMES.map((option) => {
            const Icon = THEME_ICONS[option];
            const checked = theme === option;
            return (
              <label
                key={option}
                className={cx(
                  'relative flex cursor-pointer flex-col gap-1 rounded-card border p-4 transition-colors duration-150 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  checked ? 'border-brand bg-brand-soft' : 'border-line bg-surface hover:bg-surface-2',
                )}
              >
                <span className="flex items-center justify-between">
                  <Icon aria-hidden className={cx('h-5 w-5', checked ? 'text-brand-strong' : 'text-muted')} />
                  {/* A real, visible radio: it can be clicked, checked and focused like any other, and
                      its name is the theme's alone, its description the line below. */}
                  <input
                    type="radio"
                    name="theme"
                    value={option}
                    checked={checked}
                    onChange={() => setTheme(option)}
                    aria-labelledby={`theme-${option}-name`}
                    aria-describedby={`theme-${option}-description`}
                    className="m-0 h-4 w-4 cursor-pointer accent-brand focus-visible:outline-none"
                    data-testid={`theme-${option}`}
                  />
                </span>
                <span id={`theme-${option}-name`} className="mt-2 font-semibold text-fg">
                  {tc(`theme.${option}`)}
                </span>
                <span id={`theme-${option}-description`} className="text-xs leading-relaxed text-muted">
                  {option === 'system' && checked ? t(`appearance.systemNow${mode}`) : t(`appearance.${option}`)}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <ThemePreview caption={t(`appearance.previewCaption${mode}`)} />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5">
        <div>
          <p className="text-sm font-medium text-fg">{t('appearance.languageLabel')}</p>
          <p className="text-xs text-muted">{t('appearance.languageDescription')}</p>
        </div>
        <LanguageSelect value={language} onChange={setLanguage} label={t('appearance.languageLabel')} />
      </div>
      <TimeZoneSetting />
    </SettingsSection>
  );
}

/** A miniature of the task list drawn with the live tokens, so it changes with the theme as it is chosen. */
function ThemePreview({ caption }: { caption: string }) {
  const { t } = useTranslation('settings');
  const rows = [
    { title: t('appearance.previewTaskOne'), done: false, high: true },
    { title: t('appearance.previewTaskTwo'), done: false, high: false },
    { title: t('appearance.previewTaskThree'), done: true, high: false },
  ];
  return (
    <figure className="mt-5" data-testid="theme-preview">
      <figcaption className="mb-2 text-sm font-medium text-fg">
        {t('appearance.previewTitle')} <span className="font-normal text-muted">· {caption}</span>
      </figcaption>
      <div aria-hidden className="overflow-hidden rounded-card border border-line bg-bg">
        <div className="flex items-center gap-2 border-b border-line bg-surface px-4 py-2.5">
          <span className="h-5 w-5 rounded-md bg-brand" />
          <span className="h-2.5 w-20 rounded-full bg-surface-2" />
          <span className="ms-auto h-2.5 w-10 rounded-full bg-brand-soft" />
        </div>
        <ul className="space-y-2 p-4">
          {rows.map((row) => (
            <li key={row.title} className="flex items-center gap-3 rounded-control border border-line bg-surface px-3 py-2">
              <span
                className={cx(
                  'flex h-4 w-4 shrink-0 items-center justify-center rounded-full border-2',
                  row.done ? 'border-brand bg-brand text-brand-fg' : 'border-line',
                )}
              >
                {row.done && <Check className="h-2.5 w-2.5" strokeWidth={3} />}
              </span>
              <span className={cx('min-w-0 flex-1 truncate text-sm', row.done ? 'text-muted line-through' : 'text-fg')}>{row.title}</span>
              {row.high && (
                <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger">
                  {t('appearance.previewHigh')}
                </span>
              )}
              {!row.done && !row.high && (
                <span className="rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning">
                  {t('appearance.previewDue')}
                </span>
              )}
              <span className="hidden rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-strong sm:inline">
                {t('appearance.previewLabel')}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
