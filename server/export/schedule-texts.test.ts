import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../../common/locales.ts';
import { repeatSummary } from '../../common/recurrence-wording.ts';
import { SCHEDULE_TEXTS, scheduleTranslate } from './schedule-texts.ts';

/**
 * The export words repeat rules from its copy of the web app's `schedule` texts (the server never
 * imports the web app): the copy must be the web's, and looked up as i18next looks it up there.
 */
const root = path.resolve(import.meta.dirname, '../..');
const webSchedule = (language: LanguageCode) =>
  JSON.parse(fs.readFileSync(path.join(root, `web/i18n/locales/${language}/schedule.json`), 'utf8')) as {
    repeat: object;
    picker: { afterCompletion: string };
    detail: { repeats: string };
  };

/** The web app's i18next setup for the namespace (web/i18n/i18n.ts): English as the fallback, no escaping. */
async function appTranslate(language: LanguageCode) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: 'en',
    resources: { [language]: { schedule: webSchedule(language) }, en: { schedule: webSchedule('en') } },
    defaultNS: 'schedule',
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(language, 'schedule');
}

/** Every shape of rule the API stores, at intervals that meet each plural form (Arabic's two, few and many among them). */
const RULES = [1, 2, 3, 5, 11, 100, 365].flatMap((n) => [
  `FREQ=DAILY;INTERVAL=${n}`,
  `FREQ=WEEKLY;INTERVAL=${n}`,
  `FREQ=WEEKLY;INTERVAL=${n};BYDAY=MO,TH`,
  `FREQ=WEEKLY;INTERVAL=${n};BYDAY=MO,TU,WE,TH,FR`,
  `FREQ=WEEKLY;INTERVAL=${n};BYDAY=SU`,
  `FREQ=MONTHLY;INTERVAL=${n}`,
  `FREQ=MONTHLY;INTERVAL=${n};BYMONTHDAY=15`,
  `FREQ=MONTHLY;INTERVAL=${n};BYMONTHDAY=-1`,
  `FREQ=MONTHLY;INTERVAL=${n};BYMONTHDAY=1,15`,
  ...['+1MO', '+2TU', '+3WE', '+4TH', '-1FR'].map((day) => `FREQ=MONTHLY;INTERVAL=${n};BYDAY=${day}`),
  `FREQ=YEARLY;INTERVAL=${n}`,
  `FREQ=YEARLY;INTERVAL=${n};BYMONTH=2;BYMONTHDAY=29`,
  `FREQ=YEARLY;INTERVAL=${n};BYMONTH=1,7`,
]);

describe('the export’s repeat wording is the web app’s (issue 21)', () => {
  test.each(LANGUAGE_CODES)('%s: the copied texts are the web app’s', (language) => {
    const web = webSchedule(language);
    expect(SCHEDULE_TEXTS[language]).toEqual({
      repeat: web.repeat,
      picker: { afterCompletion: web.picker.afterCompletion },
      detail: { repeats: web.detail.repeats },
    });
  });

  test.each(LANGUAGE_CODES)('%s: every rule reads as i18next reads it in the app', async (language) => {
    const app = await appTranslate(language);
    const ours = scheduleTranslate(language);
    let compared = 0;
    for (const rule of RULES)
      for (const from of ['due_date', 'completion'])
        // The 18th, a Thursday, and the 29th, a last Monday of its month.
        for (const reference of ['2027-03-18', '2027-03-29']) {
          const words = repeatSummary(rule, from, reference, ours, language);
          expect(words, `${rule} ${from} ${reference}`).toBe(repeatSummary(rule, from, reference, app, language));
          // A missing text would come back as its key or with a placeholder left in it.
          expect(words).not.toMatch(/\{\{|repeat\.|picker\./);
          compared++;
        }
    expect(compared).toBe(RULES.length * 4);
    expect(ours('detail.repeats')).toBe(app('detail.repeats'));
  });
});
