import type { LanguageCode } from '../../../common/locales.ts';
import { phrasebookAr } from './phrasebook.ar.ts';
import { phrasebookDe } from './phrasebook.de.ts';
import { phrasebookEn } from './phrasebook.en.ts';
import { phrasebookEs } from './phrasebook.es.ts';
import { phrasebookFr } from './phrasebook.fr.ts';
import { phrasebookHi } from './phrasebook.hi.ts';

/**
 * What a task title can be about. `general` is the fallback when nothing is recognised.
 * `fix` is a software fault or bug; `repair` and `plumbing` are home repairs (plumbing where
 * water runs, not a roof or a wall); `buy` is a considered purchase, `shop` the everyday shopping;
 * `paperwork` renews or files official papers (passport, insurance, tax return), while `update`
 * is for software.
 */
export const INTENTS = [
  'write',
  'fix',
  'repair',
  'plumbing',
  'buy',
  'shop',
  'call',
  'appointment',
  'errand',
  'paperwork',
  'travel',
  'plan',
  'prepare',
  'review',
  'clean',
  'learn',
  'read',
  'meet',
  'pay',
  'book',
  'send',
  'update',
  'build',
  'test',
  'deploy',
  'organize',
  'research',
  'general',
] as const;
export type Intent = (typeof INTENTS)[number];

/**
 * The offline writer's texts for one intent. `{object}` (in the first step) is replaced by the
 * user's own words, already quoted, so no sentence needs to agree in gender or case with them.
 */
export interface IntentTexts {
  /**
   * The opening line: the most useful thing to know before starting. It becomes the card's
   * preview (its first hundred characters), so it never repeats the title and stands on its own.
   */
  lead: string;
  steps: readonly [string, string, string, string, string];
  tips: readonly [string, string];
  /** Completes the "Done when" label, written so it reads as one sentence. */
  done: string;
}

export interface Phrasebook {
  /** `goal` is only for the provider prompt's label list: the offline writer writes no goal line. */
  labels: { goal: string; steps: string; notes: string; doneWhen: string };
  /** Label and text separator: French sets a space before the colon. */
  colon: string;
  /** Quotes around the user's words, in the language's own style. */
  open: string;
  close: string;
  intents: Record<Intent, IntentTexts>;
}

const PHRASEBOOKS: Record<LanguageCode, Phrasebook> = {
  en: phrasebookEn,
  hi: phrasebookHi,
  ar: phrasebookAr,
  es: phrasebookEs,
  fr: phrasebookFr,
  de: phrasebookDe,
};

export function phrasebookFor(language: LanguageCode): Phrasebook {
  return PHRASEBOOKS[language];
}

export function quoteIn(book: Phrasebook, text: string): string {
  return `${book.open}${text}${book.close}`;
}
