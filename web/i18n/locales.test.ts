import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from '../../common/locales.ts';

/**
 * Every namespace of every language has exactly the English keys, with the same
 * placeholders ({{name}}) and tags (<link>), and a translation of its own: a value equal
 * to the English one fails unless it is listed below as legitimately the same.
 */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

type Texts = Map<string, string>;

function flatten(value: unknown, prefix = '', into: Texts = new Map()): Texts {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, String(value));
  return into;
}

const byLanguage = new Map<string, Map<string, Texts>>();
for (const [file, content] of Object.entries(files)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  if (!byLanguage.has(language!)) byLanguage.set(language!, new Map());
  byLanguage.get(language!)!.set(namespace!, flatten(content));
}
const english = byLanguage.get('en')!;
const namespaces = [...english.keys()].sort();

/** Values that are the same in every language: brand and personal names, figures. */
const UNIVERSAL = new Set(['Taskaty', 'Sarah Chen', 'Marcus Johnson', 'Priya Sharma', 'PDF', 'Word', 'Markdown']);
const isUniversal = (value: string) => UNIVERSAL.has(value) || !/\p{L}/u.test(value.replace(/\{\{\w+\}\}/g, ''));

/** Words that are written the same in English and in that language (checked: they are the usual term there). */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  de: ['Team', 'System', 'Labels', 'Label', 'Label: {{label}}', 'Status', 'Details', 'Element', 'Syntax', 'Link', 'Videos'],
  fr: ['Introduction', 'Notifications', 'Mentions', 'Description', 'Image', 'Menu', 'Contact', 'Date', 'Images', 'Documents'],
  es: ['Legal'],
  hi: [],
  ar: [],
};

const placeholders = (value: string) => [...value.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\/?\w+)>/g)].map((match) => match[0]).sort();

/** i18next plural forms: `tasks_one`, `tasks_other`; each language has its own set (Arabic has six). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL, '');
const pluralForms = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];

/** The English text a key translates: the same key, or for a plural form the English `_other`. */
function englishFor(namespace: string, key: string): string | undefined {
  const source = english.get(namespace)!;
  return (
    source.get(key) ?? (PLURAL.test(key) ? (source.get(`${pluralBase(key)}_other`) ?? source.get(`${pluralBase(key)}_one`)) : undefined)
  );
}

describe.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('the %s translations', (language) => {
  test.each(namespaces)('%s has every English key (plural forms as the language needs) and nothing else', (namespace) => {
    const texts = byLanguage.get(language)?.get(namespace);
    expect(texts, `web/i18n/locales/${language}/${namespace}.json is missing`).toBeDefined();
    const source = english.get(namespace)!;
    const pluralBases = new Set([...source.keys()].filter((key) => PLURAL.test(key)).map(pluralBase));
    const expected = [
      ...[...source.keys()].filter((key) => !PLURAL.test(key) || !pluralBases.has(pluralBase(key))),
      ...[...pluralBases].flatMap((base) => pluralForms(language).map((form) => `${base}_${form}`)),
    ];
    const allowed = new Set(expected);
    // A language may also give forms it does not strictly need (e.g. `_zero`).
    const unexpected = [...texts!.keys()].filter((key) => !allowed.has(key) && !(PLURAL.test(key) && pluralBases.has(pluralBase(key))));
    expect({ missing: expected.filter((key) => !texts!.has(key)).sort(), unexpected: unexpected.sort() }).toEqual({
      missing: [],
      unexpected: [],
    });
  });

  test.each(namespaces)('%s is translated, with the same placeholders and tags', (namespace) => {
    const texts = byLanguage.get(language)?.get(namespace) ?? new Map<string, string>();
    const untranslated: string[] = [];
    const mismatched: string[] = [];
    for (const [key, value] of texts) {
      const source = englishFor(namespace, key);
      if (source === undefined) continue;
      if (value.trim() === '') untranslated.push(`${key} (empty)`);
      else if (value === source && !isUniversal(source) && !SAME_AS_ENGLISH[language]?.includes(value)) {
        untranslated.push(`${key}: "${value}"`);
      }
      const ours = placeholders(value);
      const theirs = placeholders(source);
      // A plural form may leave out {{count}} ("one task" written as a word), but adds nothing new.
      const fits = PLURAL.test(key) ? ours.every((item) => theirs.includes(item)) : ours.join() === theirs.join();
      if (!fits) mismatched.push(`${key}: ${ours.join(' ')}`);
    }
    expect(untranslated, 'values still in English').toEqual([]);
    expect(mismatched, 'placeholders or tags that differ from English').toEqual([]);
  });
});

test('English itself has no empty texts', () => {
  const empty = namespaces.flatMap((namespace) =>
    [...english.get(namespace)!].filter(([, value]) => !value.trim()).map(([key]) => `${namespace}:${key}`),
  );
  expect(empty).toEqual([]);
});

describe('words that must not mean two things', () => {
  // Issue 20: "Pending" was both a task not done (counters, filters) and a share not accepted (bell, people).
  test.each(LANGUAGE_CODES)('%s: a task to do and a share awaiting acceptance are worded apart', (language) => {
    const tasks = byLanguage.get(language)!.get('tasks')!;
    const sharing = byLanguage.get(language)!.get('sharing')!;
    const toDo = tasks.get('status.pending')!.toLocaleLowerCase(language);
    expect(tasks.get('counters.pending')!.toLocaleLowerCase(language)).toBe(toDo);
    for (const key of ['sharedWith.pending', 'bell.title', 'bell.emptyTitle'])
      expect(sharing.get(key)!.toLocaleLowerCase(language), `${language} sharing:${key}`).not.toContain(toDo);
  });
});

// WCAG 2.5.3: what a control shows is part of what it is called, so "tap Quick add" by voice finds it.
test.each(LANGUAGE_CODES)("%s: the phone bar's quick add shows words from its name", (language) => {
  const tasks = byLanguage.get(language)!.get('tasks')!;
  expect(tasks.get('quickAdd.open')!.toLocaleLowerCase(language)).toContain(tasks.get('quickAdd.short')!.toLocaleLowerCase(language));
});
