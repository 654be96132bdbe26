import { Globe } from 'lucide-react';
import { LANGUAGES, type LanguageCode } from '../../../common/locales.ts';
import { cx } from '../../lib/class-names.ts';
import { drawsFlagEmoji } from '../../lib/flag-emoji.ts';

export interface LanguageSelectProps {
  value: LanguageCode;
  onChange(code: LanguageCode): void;
  label: string;
  className?: string;
  compact?: boolean;
}

/**
 * A native select: keyboard, screen readers and phones handle it best. It uses the system font:
 * the language names ("العربية", "हिन्दी") would otherwise make every page download the Arabic and
 * Devanagari web fonts (~100 kB), and system fonts draw a menu well enough.
 */
export function LanguageSelect({ value, onChange, label, className, compact = false }: LanguageSelectProps) {
  // A flag the system cannot draw would show as two letters or boxes: the name alone then.
  const flags = drawsFlagEmoji();
  return (
    <label className={cx('relative inline-flex items-center', className)}>
      <span className="sr-only">{label}</span>
      <Globe aria-hidden className="pointer-events-none absolute start-2.5 h-4 w-4 text-muted" />
      <select
        value={value}
        onChange={(event) => onChange(event.target.value as LanguageCode)}
        className={cx(
          'h-9 max-md:h-11 appearance-none rounded-control border border-line bg-surface ps-8 pe-3 font-[family-name:ui-sans-serif,system-ui,sans-serif] text-sm text-fg hover:bg-surface-2 focus:outline-none focus:ring-2 focus:ring-ring/40',
          compact ? 'max-w-[7.5rem]' : '',
        )}
        data-testid="language-select"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {flags ? `${language.flag} ${language.nativeName}` : language.nativeName}
          </option>
        ))}
      </select>
    </label>
  );
}
