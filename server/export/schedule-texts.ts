import type { LanguageCode } from '../../common/locales.ts';
import type { ScheduleTranslate } from '../../common/recurrence-wording.ts';

/**
 * The web app's words for repeat rules, for the PDF/Word export (issue 21): the `repeat` phrases,
 * `picker.afterCompletion` and `detail.repeats` of web/i18n/locales/<language>/schedule.json,
 * copied as they are because the server never imports the web app. schedule-texts.test.ts fails
 * when they differ from the web's files, and when this lookup words a rule otherwise than i18next
 * does there: a change to the app's wording is a change here too.
 */
export interface ScheduleTexts {
  [key: string]: string | ScheduleTexts;
}

export const SCHEDULE_TEXTS: Record<LanguageCode, ScheduleTexts> = {
  en: {
    repeat: {
      daily_one: 'Every day',
      daily_other: 'Every {{count}} days',
      weekly_one: 'Every week',
      weekly_other: 'Every {{count}} weeks',
      weeklyOn_one: 'Every {{days}}',
      weeklyOn_other: 'Every {{count}} weeks on {{days}}',
      weekdays: 'Every weekday',
      monthly_one: 'Every month',
      monthly_other: 'Every {{count}} months',
      monthlyOnDay_one: 'Every month on day {{day}}',
      monthlyOnDay_other: 'Every {{count}} months on day {{day}}',
      monthlyLastDay: 'Every month on its last day',
      monthlyNth: {
        first: 'Every month on the first {{weekday}}',
        second: 'Every month on the second {{weekday}}',
        third: 'Every month on the third {{weekday}}',
        fourth: 'Every month on the fourth {{weekday}}',
        last: 'Every month on the last {{weekday}}',
      },
      yearly_one: 'Every year',
      yearly_other: 'Every {{count}} years',
      yearlyOn: 'Every year on {{date}}',
      nth: {
        first: 'first',
        second: 'second',
        third: 'third',
        fourth: 'fourth',
        last: 'last',
      },
      monthlyNthEvery_one: 'Every month on the {{nth}} {{weekday}}',
      monthlyNthEvery_other: 'Every {{count}} months on the {{nth}} {{weekday}}',
      monthlyLastDayEvery_one: 'Every month on its last day',
      monthlyLastDayEvery_other: 'Every {{count}} months on the last day',
      yearlyOnEvery_one: 'Every year on {{date}}',
      yearlyOnEvery_other: 'Every {{count}} years on {{date}}',
    },
    picker: {
      afterCompletion: '{{rule}}, counted from each completion',
    },
    detail: {
      repeats: 'Repeats',
    },
  },
  hi: {
    repeat: {
      daily_one: 'हर दिन',
      daily_other: 'हर {{count}} दिन',
      weekly_one: 'हर हफ़्ते',
      weekly_other: 'हर {{count}} हफ़्ते',
      weeklyOn_one: 'हर {{days}}',
      weeklyOn_other: 'हर {{count}} हफ़्ते में {{days}} को',
      weekdays: 'हर कार्यदिवस',
      monthly_one: 'हर महीने',
      monthly_other: 'हर {{count}} महीने',
      monthlyOnDay_one: 'हर महीने की {{day}} तारीख को',
      monthlyOnDay_other: 'हर {{count}} महीने में {{day}} तारीख को',
      monthlyLastDay: 'हर महीने के आख़िरी दिन',
      monthlyNth: {
        first: 'हर महीने के पहले {{weekday}} को',
        second: 'हर महीने के दूसरे {{weekday}} को',
        third: 'हर महीने के तीसरे {{weekday}} को',
        fourth: 'हर महीने के चौथे {{weekday}} को',
        last: 'हर महीने के आख़िरी {{weekday}} को',
      },
      yearly_one: 'हर साल',
      yearly_other: 'हर {{count}} साल',
      yearlyOn: 'हर साल {{date}} को',
      nth: {
        first: 'पहले',
        second: 'दूसरे',
        third: 'तीसरे',
        fourth: 'चौथे',
        last: 'आख़िरी',
      },
      monthlyNthEvery_one: 'हर महीने के {{nth}} {{weekday}} को',
      monthlyNthEvery_other: 'हर {{count}} महीने में {{nth}} {{weekday}} को',
      monthlyLastDayEvery_one: 'हर महीने के आख़िरी दिन',
      monthlyLastDayEvery_other: 'हर {{count}} महीने में आख़िरी दिन',
      yearlyOnEvery_one: 'हर साल {{date}} को',
      yearlyOnEvery_other: 'हर {{count}} साल में {{date}} को',
    },
    picker: {
      afterCompletion: '{{rule}}, हर बार पूरा करने से गिना गया',
    },
    detail: {
      repeats: 'दोहराव',
    },
  },
  ar: {
    repeat: {
      daily_zero: 'كل {{count}} يوم',
      daily_one: 'كل يوم',
      daily_two: 'كل يومين',
      daily_few: 'كل {{count}} أيام',
      daily_many: 'كل {{count}} يومًا',
      daily_other: 'كل {{count}} يوم',
      weekly_zero: 'كل {{count}} أسبوع',
      weekly_one: 'كل أسبوع',
      weekly_two: 'كل أسبوعين',
      weekly_few: 'كل {{count}} أسابيع',
      weekly_many: 'كل {{count}} أسبوعًا',
      weekly_other: 'كل {{count}} أسبوع',
      weeklyOn_zero: 'كل {{count}} أسبوع في {{days}}',
      weeklyOn_one: 'كل أسبوع في {{days}}',
      weeklyOn_two: 'كل أسبوعين في {{days}}',
      weeklyOn_few: 'كل {{count}} أسابيع في {{days}}',
      weeklyOn_many: 'كل {{count}} أسبوعًا في {{days}}',
      weeklyOn_other: 'كل {{count}} أسبوع في {{days}}',
      weekdays: 'كل يوم من الاثنين إلى الجمعة',
      monthly_zero: 'كل {{count}} شهر',
      monthly_one: 'كل شهر',
      monthly_two: 'كل شهرين',
      monthly_few: 'كل {{count}} أشهر',
      monthly_many: 'كل {{count}} شهرًا',
      monthly_other: 'كل {{count}} شهر',
      monthlyOnDay_zero: 'كل {{count}} شهر في اليوم {{day}}',
      monthlyOnDay_one: 'في اليوم {{day}} من كل شهر',
      monthlyOnDay_two: 'كل شهرين في اليوم {{day}}',
      monthlyOnDay_few: 'كل {{count}} أشهر في اليوم {{day}}',
      monthlyOnDay_many: 'كل {{count}} شهرًا في اليوم {{day}}',
      monthlyOnDay_other: 'كل {{count}} شهر في اليوم {{day}}',
      monthlyLastDay: 'في آخر يوم من كل شهر',
      monthlyNth: {
        first: 'يوم {{weekday}} الأول من كل شهر',
        second: 'يوم {{weekday}} الثاني من كل شهر',
        third: 'يوم {{weekday}} الثالث من كل شهر',
        fourth: 'يوم {{weekday}} الرابع من كل شهر',
        last: 'يوم {{weekday}} الأخير من كل شهر',
      },
      yearly_zero: 'كل {{count}} سنة',
      yearly_one: 'كل سنة',
      yearly_two: 'كل سنتين',
      yearly_few: 'كل {{count}} سنوات',
      yearly_many: 'كل {{count}} سنة',
      yearly_other: 'كل {{count}} سنة',
      yearlyOn: 'كل سنة في {{date}}',
      nth: {
        first: 'الأول',
        second: 'الثاني',
        third: 'الثالث',
        fourth: 'الرابع',
        last: 'الأخير',
      },
      monthlyNthEvery_zero: 'يوم {{weekday}} {{nth}} كل {{count}} شهر',
      monthlyNthEvery_one: 'يوم {{weekday}} {{nth}} من كل شهر',
      monthlyNthEvery_two: 'يوم {{weekday}} {{nth}} كل شهرين',
      monthlyNthEvery_few: 'يوم {{weekday}} {{nth}} كل {{count}} أشهر',
      monthlyNthEvery_many: 'يوم {{weekday}} {{nth}} كل {{count}} شهرًا',
      monthlyNthEvery_other: 'يوم {{weekday}} {{nth}} كل {{count}} شهر',
      monthlyLastDayEvery_zero: 'في آخر يوم كل {{count}} شهر',
      monthlyLastDayEvery_one: 'في آخر يوم من كل شهر',
      monthlyLastDayEvery_two: 'في آخر يوم كل شهرين',
      monthlyLastDayEvery_few: 'في آخر يوم كل {{count}} أشهر',
      monthlyLastDayEvery_many: 'في آخر يوم كل {{count}} شهرًا',
      monthlyLastDayEvery_other: 'في آخر يوم كل {{count}} شهر',
      yearlyOnEvery_zero: 'كل {{count}} سنة في {{date}}',
      yearlyOnEvery_one: 'كل سنة في {{date}}',
      yearlyOnEvery_two: 'كل سنتين في {{date}}',
      yearlyOnEvery_few: 'كل {{count}} سنوات في {{date}}',
      yearlyOnEvery_many: 'كل {{count}} سنة في {{date}}',
      yearlyOnEvery_other: 'كل {{count}} سنة في {{date}}',
    },
    picker: {
      afterCompletion: '{{rule}}، محسوبًا من كل إكمال',
    },
    detail: {
      repeats: 'يتكرر',
    },
  },
  es: {
    repeat: {
      daily_one: 'Cada día',
      daily_many: 'Cada {{count}} días',
      daily_other: 'Cada {{count}} días',
      weekly_one: 'Cada semana',
      weekly_many: 'Cada {{count}} semanas',
      weekly_other: 'Cada {{count}} semanas',
      weeklyOn_one: 'Cada {{days}}',
      weeklyOn_many: 'Cada {{count}} semanas el {{days}}',
      weeklyOn_other: 'Cada {{count}} semanas el {{days}}',
      weekdays: 'Cada día laborable',
      monthly_one: 'Cada mes',
      monthly_many: 'Cada {{count}} meses',
      monthly_other: 'Cada {{count}} meses',
      monthlyOnDay_one: 'El día {{day}} de cada mes',
      monthlyOnDay_many: 'Cada {{count}} meses, el día {{day}}',
      monthlyOnDay_other: 'Cada {{count}} meses, el día {{day}}',
      monthlyLastDay: 'El último día de cada mes',
      monthlyNth: {
        first: 'El primer {{weekday}} de cada mes',
        second: 'El segundo {{weekday}} de cada mes',
        third: 'El tercer {{weekday}} de cada mes',
        fourth: 'El cuarto {{weekday}} de cada mes',
        last: 'El último {{weekday}} de cada mes',
      },
      yearly_one: 'Cada año',
      yearly_many: 'Cada {{count}} años',
      yearly_other: 'Cada {{count}} años',
      yearlyOn: 'Cada año el {{date}}',
      nth: {
        first: 'primer',
        second: 'segundo',
        third: 'tercer',
        fourth: 'cuarto',
        last: 'último',
      },
      monthlyNthEvery_one: 'El {{nth}} {{weekday}} de cada mes',
      monthlyNthEvery_many: 'Cada {{count}} meses, el {{nth}} {{weekday}}',
      monthlyNthEvery_other: 'Cada {{count}} meses, el {{nth}} {{weekday}}',
      monthlyLastDayEvery_one: 'El último día de cada mes',
      monthlyLastDayEvery_many: 'Cada {{count}} meses, el último día',
      monthlyLastDayEvery_other: 'Cada {{count}} meses, el último día',
      yearlyOnEvery_one: 'Cada año el {{date}}',
      yearlyOnEvery_many: 'Cada {{count}} años, el {{date}}',
      yearlyOnEvery_other: 'Cada {{count}} años, el {{date}}',
    },
    picker: {
      afterCompletion: '{{rule}}, contando desde cada vez que se completa',
    },
    detail: {
      repeats: 'Se repite',
    },
  },
  fr: {
    repeat: {
      daily_one: 'Tous les jours',
      daily_many: 'Tous les {{count}} jours',
      daily_other: 'Tous les {{count}} jours',
      weekly_one: 'Toutes les semaines',
      weekly_many: 'Toutes les {{count}} semaines',
      weekly_other: 'Toutes les {{count}} semaines',
      weeklyOn_one: 'Chaque {{days}}',
      weeklyOn_many: 'Toutes les {{count}} semaines le {{days}}',
      weeklyOn_other: 'Toutes les {{count}} semaines le {{days}}',
      weekdays: 'Tous les jours ouvrés',
      monthly_one: 'Tous les mois',
      monthly_many: 'Tous les {{count}} mois',
      monthly_other: 'Tous les {{count}} mois',
      monthlyOnDay_one: 'Le {{day}} de chaque mois',
      monthlyOnDay_many: 'Tous les {{count}} mois, le {{day}}',
      monthlyOnDay_other: 'Tous les {{count}} mois, le {{day}}',
      monthlyLastDay: 'Le dernier jour de chaque mois',
      monthlyNth: {
        first: 'Le premier {{weekday}} de chaque mois',
        second: 'Le deuxième {{weekday}} de chaque mois',
        third: 'Le troisième {{weekday}} de chaque mois',
        fourth: 'Le quatrième {{weekday}} de chaque mois',
        last: 'Le dernier {{weekday}} de chaque mois',
      },
      yearly_one: 'Tous les ans',
      yearly_many: 'Tous les {{count}} ans',
      yearly_other: 'Tous les {{count}} ans',
      yearlyOn: 'Tous les ans le {{date}}',
      nth: {
        first: 'premier',
        second: 'deuxième',
        third: 'troisième',
        fourth: 'quatrième',
        last: 'dernier',
      },
      monthlyNthEvery_one: 'Le {{nth}} {{weekday}} de chaque mois',
      monthlyNthEvery_many: 'Tous les {{count}} mois, le {{nth}} {{weekday}}',
      monthlyNthEvery_other: 'Tous les {{count}} mois, le {{nth}} {{weekday}}',
      monthlyLastDayEvery_one: 'Le dernier jour de chaque mois',
      monthlyLastDayEvery_many: 'Tous les {{count}} mois, le dernier jour',
      monthlyLastDayEvery_other: 'Tous les {{count}} mois, le dernier jour',
      yearlyOnEvery_one: 'Tous les ans le {{date}}',
      yearlyOnEvery_many: 'Tous les {{count}} ans, le {{date}}',
      yearlyOnEvery_other: 'Tous les {{count}} ans, le {{date}}',
    },
    picker: {
      afterCompletion: '{{rule}}, à compter de chaque achèvement',
    },
    detail: {
      repeats: 'Répétition',
    },
  },
  de: {
    repeat: {
      daily_one: 'Jeden Tag',
      daily_other: 'Alle {{count}} Tage',
      weekly_one: 'Jede Woche',
      weekly_other: 'Alle {{count}} Wochen',
      weeklyOn_one: 'Jeden {{days}}',
      weeklyOn_other: 'Alle {{count}} Wochen am {{days}}',
      weekdays: 'Jeden Arbeitstag',
      monthly_one: 'Jeden Monat',
      monthly_other: 'Alle {{count}} Monate',
      monthlyOnDay_one: 'Jeden Monat am {{day}}.',
      monthlyOnDay_other: 'Alle {{count}} Monate am {{day}}.',
      monthlyLastDay: 'Jeden Monat am letzten Tag',
      monthlyNth: {
        first: 'Jeden Monat am ersten {{weekday}}',
        second: 'Jeden Monat am zweiten {{weekday}}',
        third: 'Jeden Monat am dritten {{weekday}}',
        fourth: 'Jeden Monat am vierten {{weekday}}',
        last: 'Jeden Monat am letzten {{weekday}}',
      },
      yearly_one: 'Jedes Jahr',
      yearly_other: 'Alle {{count}} Jahre',
      yearlyOn: 'Jedes Jahr am {{date}}',
      nth: {
        first: 'ersten',
        second: 'zweiten',
        third: 'dritten',
        fourth: 'vierten',
        last: 'letzten',
      },
      monthlyNthEvery_one: 'Jeden Monat am {{nth}} {{weekday}}',
      monthlyNthEvery_other: 'Alle {{count}} Monate am {{nth}} {{weekday}}',
      monthlyLastDayEvery_one: 'Jeden Monat am letzten Tag',
      monthlyLastDayEvery_other: 'Alle {{count}} Monate am letzten Tag',
      yearlyOnEvery_one: 'Jedes Jahr am {{date}}',
      yearlyOnEvery_other: 'Alle {{count}} Jahre am {{date}}',
    },
    picker: {
      afterCompletion: '{{rule}}, gezählt ab jeder Erledigung',
    },
    detail: {
      repeats: 'Wiederholung',
    },
  },
};

const FALLBACK_LANGUAGE: LanguageCode = 'en';

function lookup(texts: ScheduleTexts, key: string): string | undefined {
  let node: string | ScheduleTexts | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * The `schedule` texts of a language looked up as i18next looks them up in the web app: with a
 * `count`, its plural form in that language (Arabic's zero, one, two, few, many and other), then
 * the key itself; the same in English when the language lacks it; `{{name}}` takes its value and
 * stays as written without one.
 */
export function scheduleTranslate(language: LanguageCode): ScheduleTranslate {
  const languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
  const plurals = new Map(languages.map((code) => [code, new Intl.PluralRules(code)]));
  return (key, values = {}) => {
    const { count } = values;
    let found: string | undefined;
    for (const code of languages) {
      const candidates =
        typeof count === 'number' ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${plurals.get(code)!.select(count)}`, key] : [key];
      for (const candidate of candidates) {
        found = lookup(SCHEDULE_TEXTS[code], candidate);
        if (found !== undefined) break;
      }
      if (found !== undefined) break;
    }
    if (found === undefined) return key;
    return found.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
  };
}
