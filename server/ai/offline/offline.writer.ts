import { LANGUAGE_CODES, type LanguageCode } from '../../../common/locales.ts';
import { AiCancelledError } from '../ai.errors.ts';
import type { AiWriter, GenerateDescriptionRequest, TaskTextRequest } from '../ai.types.ts';
import { countChecklistItems, improveDescription, tidyDescription } from './description-tidy.ts';
import { recognizeIntent } from './intent.recognizer.ts';
import { phrasebookFor, quoteIn, type Phrasebook } from './phrasebook.ts';

/**
 * The built-in writer: no network, no model, same answer for the same input. It recognises
 * what the title is about (intent.recognizer.ts) and fills that intent's template from the
 * phrasebook of the user's language: a lead line, five steps, a done-when line. The lead is
 * the card's preview, so it is advice that stands on its own and never restates the title.
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
  return [texts.lead, checklist(book, texts.steps, object), `${label(book, book.labels.doneWhen)} ${texts.done}`].join('\n\n');
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
  // Nothing to rewrite yet: a first description is more useful than an empty answer.
  if (description.trim() === '') return describeFromTitle(title, language);
  // A tidy text comes back as written, so the client can tell the user it is already in good shape.
  return improveDescription(description);
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
