import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, type LanguageCode } from '../../../common/locales.ts';
import type { Shortcut } from './shortcut-matcher.ts';

/**
 * What the keys are labelled on each language's keyboards. These are the printed names, not prose:
 * German keyboards say Strg and Entf, French Suppr, Spanish Supr; Arabic and Hindi keyboards
 * print the Latin names. A Mac shows ⌘ for Ctrl.
 */
const KEY_CAPS: Record<LanguageCode, { ctrl: string; enter: string; delete: string }> = {
  en: { ctrl: 'Ctrl', enter: 'Enter', delete: 'Delete' },
  hi: { ctrl: 'Ctrl', enter: 'Enter', delete: 'Delete' },
  ar: { ctrl: 'Ctrl', enter: 'Enter', delete: 'Delete' },
  es: { ctrl: 'Ctrl', enter: 'Intro', delete: 'Supr' },
  fr: { ctrl: 'Ctrl', enter: 'Entrée', delete: 'Suppr' },
  de: { ctrl: 'Strg', enter: 'Eingabe', delete: 'Entf' },
};

/** A Mac shows ⌘ where others show Ctrl. */
function isApplePlatform(): boolean {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

export const kbdClasses =
  'inline-flex min-w-6 items-center justify-center rounded-[0.3rem] border border-line border-b-2 bg-surface-2 px-1.5 font-mono text-xs leading-5 text-fg';

/** A shortcut's keys as <kbd>: `Ctrl + K`, `g then t`. Latin keys read left to right even in Arabic. */
export function ShortcutKeys({ shortcut }: { shortcut: Shortcut }) {
  const { t, i18n } = useTranslation('shortcuts');
  const caps = KEY_CAPS[isLanguageCode(i18n.language) ? i18n.language : 'en'];
  const cap = (key: string) => (key === 'Enter' ? caps.enter : key === 'Delete' ? caps.delete : shortcut.mod ? key.toUpperCase() : key);
  const mod = isApplePlatform() ? '⌘' : caps.ctrl;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      {shortcut.mod && (
        <>
          <kbd className={kbdClasses}>{mod}</kbd>
          <span aria-hidden className="text-muted">
            +
          </span>
        </>
      )}
      {shortcut.keys.map((key, index) => (
        <Fragment key={key + index}>
          {index > 0 && <span className="text-xs text-muted">{t('help.then')}</span>}
          <kbd className={kbdClasses} dir="ltr">
            {cap(key)}
          </kbd>
        </Fragment>
      ))}
    </span>
  );
}
