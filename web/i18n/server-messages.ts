import { DEFAULT_LANGUAGE } from '../../common/locales.ts';

/**
 * The API speaks English (spec §5, §8: its messages are part of the contract); the app shows
 * them in the UI language. `locales/<language>/server.json` maps each English message to its
 * translation, `{{n}}` standing for a number ("at least {{n}} characters"). A message the table
 * does not know is shown as the server sent it.
 */
export type ServerMessageTable = Record<string, string>;

const loaders = import.meta.glob<{ default: ServerMessageTable }>('./locales/*/server.json');

/** "The name field is required. (and 3 more errors)": the field errors carry the rest. */
const MORE_ERRORS = /\s*\(and \d+ more errors?\)$/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function createServerMessageTranslator(table: ServerMessageTable): (message: string) => string {
  const exact = new Map(Object.entries(table));
  const patterns = [...exact]
    .filter(([english]) => english.includes('{{n}}'))
    .map(([english, translated]) => ({
      pattern: new RegExp(`^${escapeRegExp(english).replace(escapeRegExp('{{n}}'), '(\\d+)')}$`),
      translated,
    }));
  const lookup = (message: string) => {
    const direct = exact.get(message);
    if (direct !== undefined) return direct;
    for (const { pattern, translated } of patterns) {
      const match = pattern.exec(message);
      if (match) return translated.replace('{{n}}', match[1]!);
    }
    return undefined;
  };
  return (message) => lookup(message) ?? (MORE_ERRORS.test(message) ? lookup(message.replace(MORE_ERRORS, '')) : undefined) ?? message;
}

const identity = (message: string) => message;
let current: (message: string) => string = identity;
let requested = DEFAULT_LANGUAGE as string;

/** Loads the table of `language` (English needs none); messages shown meanwhile stay English. */
export async function loadServerMessages(language: string): Promise<void> {
  requested = language;
  const load = language === DEFAULT_LANGUAGE ? undefined : loaders[`./locales/${language}/server.json`];
  if (!load) {
    current = identity;
    return;
  }
  try {
    const table = (await load()).default;
    if (requested === language) current = createServerMessageTranslator(table);
  } catch {
    /* offline for a moment: English until the next language change */
  }
}

/** A message from the API in the UI language. */
export function translateServerMessage(message: string): string {
  return current(message);
}

/** Field errors (`{ field: [messages] }`) in the UI language. */
export function translateFieldErrors(errors: Record<string, string[]> | undefined): Record<string, string[]> | undefined {
  if (!errors) return errors;
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((message) => current(message))]));
}
