import { LANGUAGE_CODES, type LanguageCode } from '../../../common/locales.ts';
import { AiCancelledError } from '../ai.errors.ts';
import type { AiWriter, GenerateDescriptionRequest, TaskTextRequest } from '../ai.types.ts';
import { countChecklistItems, tidyDescription } from './description-tidy.ts';
import { recognizeIntent } from './intent.recognizer.ts';
import { phrasebookFor, quoteIn, type Phrasebook } from './phrasebook.ts';

/**
 * The built-in writer: no network, no model, same answer for the same input. It recognises
 * what the title is about and fills a checklist from the phrasebook of the user's language.
 * It only ever quotes the user's own words, so it cannot invent a date, a person or an amount.
 */

const ALL_BOOKS: Phrasebook[] = LANGUAGE_CODES.map(phrasebookFor);

function cleanTitle(title: string): string {
  return title
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.!?;:,。।؟]+$/u, '');
}

function label(book: Phrasebook, text: string): string {
  return `**${text}${book.colon}**`;
}

function checklist(book: Phrasebook, steps: readonly string[], object: string): string {
  return steps.map((step) => `- [ ] ${step.replace('{object}', quoteIn(book, object))}`).join('\n');
}

function describeFromTitle(title: string, language: LanguageCode): string {
  const book = phrasebookFor(language);
  const clean = cleanTitle(title);
  const { intent, object } = recognizeIntent(clean);
  const texts = book.intents[intent];
  return [
    `${label(book, book.labels.goal)} ${texts.goal.replace('{title}', quoteIn(book, clean))}`,
    checklist(book, texts.steps, object),
    `${label(book, book.labels.doneWhen)} ${texts.done}`,
  ].join('\n\n');
}

/** A "Done when" line in any language counts: the user may have switched languages since. */
function hasDoneWhen(markdown: string): boolean {
  return ALL_BOOKS.some((book) => markdown.includes(`**${book.labels.doneWhen}${book.colon}**`));
}

function expand(title: string, description: string, language: LanguageCode): string {
  const book = phrasebookFor(language);
  const { intent, object } = recognizeIntent(cleanTitle(title));
  const texts = book.intents[intent];
  const notes = `**${book.labels.notes}**\n\n${texts.tips.map((tip) => `- ${tip}`).join('\n')}`;
  const base = tidyDescription(description);
  if (base === '') return `${describeFromTitle(title, language)}\n\n${notes}`;
  const parts = [base];
  // Expanding twice must not stack a second checklist or set of notes on the first.
  if (countChecklistItems(base) < 3) parts.push(`**${book.labels.steps}**\n\n${checklist(book, texts.steps, object)}`);
  if (!base.includes(`**${book.labels.notes}**`)) parts.push(notes);
  if (!hasDoneWhen(base)) parts.push(`${label(book, book.labels.doneWhen)} ${texts.done}`);
  return parts.join('\n\n');
}

function rewrite(title: string, description: string, language: LanguageCode): string {
  const tidy = tidyDescription(description);
  // Nothing to rewrite yet: a first description is more useful than an empty answer.
  return tidy === '' ? describeFromTitle(title, language) : tidy;
}

function ensureNotAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new AiCancelledError();
}

/** Streams line by line so the client shows the same progressive behaviour as with a model. */
async function* linesOf(text: string, signal: AbortSignal | undefined): AsyncIterable<string> {
  const lines = text.split(/(?<=\n)/);
  for (const line of lines) {
    ensureNotAborted(signal);
    yield line;
    // Let the event loop breathe so a cancel between lines is seen.
    await Promise.resolve();
  }
}

export function createOfflineWriter(): AiWriter {
  const once = async (signal: AbortSignal | undefined, produce: () => string) => {
    ensureNotAborted(signal);
    return produce();
  };
  return {
    generateDescription: ({ title, language, signal }: GenerateDescriptionRequest) =>
      once(signal, () => describeFromTitle(title, language)),
    generateDescriptionStream: ({ title, language, signal }: GenerateDescriptionRequest) =>
      linesOf(describeFromTitle(title, language), signal),
    rewriteDescription: ({ title, description, language, signal }: TaskTextRequest) =>
      once(signal, () => rewrite(title, description, language)),
    rewriteDescriptionStream: ({ title, description, language, signal }: TaskTextRequest) =>
      linesOf(rewrite(title, description, language), signal),
    generateContent: ({ title, description, language, signal }: TaskTextRequest) =>
      once(signal, () => expand(title, description, language)),
    generateContentStream: ({ title, description, language, signal }: TaskTextRequest) =>
      linesOf(expand(title, description, language), signal),
    describe: () => ({ kind: 'builtin' }),
  };
}
