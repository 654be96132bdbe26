import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isValidDate } from '../calendar.ts';
import { GRAMMARS } from '../grammars.ts';
import { asciiDigits, parseQuickAdd } from '../parse.ts';
import type { ParseContext } from '../types.ts';
import { grammar } from './ar.ts';
import { type Expected, expectNothingLost, expectRows, NOW, TODAY, WEEKDAYS_MO_FR as WORK_WEEK } from './table-harness.ts';

// The real grammars with Arabic among them, whether or not grammars.ts lists it yet.
const WITH_ARABIC = { ...GRAMMARS, ar: grammar };
const parse = (text: string, context: ParseContext = { today: TODAY, now: NOW }) =>
  parseQuickAdd(text, { locale: 'ar', context }, WITH_ARABIC);

/** What an Arabic speaker types, what the task becomes, and the day it is typed on when not TODAY. */
const ROWS: ReadonlyArray<readonly [string, Expected, string?]> = [
  // Relative days, in MSA and in speech.
  ['اشتري خبز بكرة', { title: 'اشتري خبز', due_date: '2026-11-26' }],
  ['اتصل بماما اليوم', { title: 'اتصل بماما', due_date: '2026-11-25' }],
  // A bare hour from 1 to 6 is in the afternoon; with minutes it is what it says.
  ['اتصل بالسباك الساعة ٥', { title: 'اتصل بالسباك', due_date: '2026-11-25', due_time: '17:00' }],
  ['القطار الساعة 5:30', { title: 'القطار', due_date: '2026-11-26', due_time: '05:30' }],
  ['اتصل بالسباك النهارده', { title: 'اتصل بالسباك', due_date: '2026-11-25' }],
  ['اتصل بخالي باجر', { title: 'اتصل بخالي', due_date: '2026-11-26' }],
  // Tanween on the alif, as the keyboard gives it: the span takes it, the title keeps nothing of it.
  ['مراجعة العقد غداً مع المحامي', { title: 'مراجعة العقد مع المحامي', due_date: '2026-11-26' }],
  ['تسليم المشروع بعد بكرة', { title: 'تسليم المشروع', due_date: '2026-11-27' }],
  ['قدّم طلب الإجازة بعد غد', { title: 'قدّم طلب الإجازة', due_date: '2026-11-27' }],
  ['خطط لرحلة الصيف الليلة', { title: 'خطط لرحلة الصيف', due_date: '2026-11-25', due_time: '20:00' }],
  ['جدد جواز السفر بعد ٣ أيام', { title: 'جدد جواز السفر', due_date: '2026-11-28' }],
  ['ادفع فاتورة الكهرباء خلال أسبوع', { title: 'ادفع فاتورة الكهرباء', due_date: '2026-12-02' }],
  ['ذكرني بالفاتورة بعد ثلاثة أسابيع', { title: 'ذكرني بالفاتورة', due_date: '2026-12-16' }],
  // The dual is the count: "يومين" is two days, "شهرين" two months.
  ['زيارة جدتي بعد يومين', { title: 'زيارة جدتي', due_date: '2026-11-27' }],
  ['موعد متابعة الأسنان بعد شهرين', { title: 'موعد متابعة الأسنان', due_date: '2027-01-25' }],
  ['اجتماع الفريق الأسبوع القادم', { title: 'اجتماع الفريق', due_date: '2026-11-30' }],
  ['ادفع التأمين الشهر الجاي', { title: 'ادفع التأمين', due_date: '2026-12-01' }],
  ['رتب المخزن نهاية الأسبوع', { title: 'رتب المخزن', due_date: '2026-11-28' }],
  ['ادفع الإيجار أول الشهر', { title: 'ادفع الإيجار', due_date: '2026-12-01' }],
  // Particles that belong to the date go with it: "حتى" (by), "ل" (for).
  ['سلّم التقرير حتى الخميس', { title: 'سلّم التقرير', due_date: '2026-11-26' }],
  ['اشتري هدية لبكرة', { title: 'اشتري هدية', due_date: '2026-11-26' }],
  // "الغد" is tomorrow after a part of the day or a particle; alone it is "the future".
  ['اجتماع مع العميل صباح الغد', { title: 'اجتماع مع العميل', due_date: '2026-11-26', due_time: '09:00' }],
  ['اتصل بأمي مساء الغد', { title: 'اتصل بأمي', due_date: '2026-11-26', due_time: '18:00' }],
  ['سلّم التقرير بحلول الغد', { title: 'سلّم التقرير', due_date: '2026-11-26' }],
  ['محاضرة عن جيل الغد', { title: 'محاضرة عن جيل الغد' }],
  ['الاستثمار في الغد', { title: 'الاستثمار في الغد' }],
  // The clock's ص after an hour ("١١ص", "٩ ص"); its م only next to a day ("بكرة ٧م"): "5م" alone is five metres.
  ['اجتماع الفريق ١١ص', { title: 'اجتماع الفريق', due_date: '2026-11-25', due_time: '11:00' }],
  ['ادفع الفاتورة بكرة ٧م', { title: 'ادفع الفاتورة', due_date: '2026-11-26', due_time: '19:00' }],
  ['اشتري قماش 5م', { title: 'اشتري قماش 5م' }],
  ['تاريخ القرن 19م', { title: 'تاريخ القرن 19م' }],
  ['موعد الطبيب بكرة ٩ ص', { title: 'موعد الطبيب', due_date: '2026-11-26', due_time: '09:00' }],
  ['العشاء مع الأصدقاء بكرة ٩ م', { title: 'العشاء مع الأصدقاء', due_date: '2026-11-26', due_time: '21:00' }],
  ['اشتري قماش 5 م', { title: 'اشتري قماش 5 م' }],

  // Weekdays: bare and "this" are the coming one (today included), "القادمة"/"الجاي" the next week's.
  ['اغسل السيارة يوم الجمعة', { title: 'اغسل السيارة', due_date: '2026-11-27' }],
  ['حضور الندوة الأربعاء', { title: 'حضور الندوة', due_date: '2026-11-25' }],
  ['ذكرني بالموضوع هالخميس', { title: 'ذكرني بالموضوع', due_date: '2026-11-26' }],
  ['أرسل التقرير للمدير الجمعة القادمة', { title: 'أرسل التقرير للمدير', due_date: '2026-12-04' }],
  ['اجتماع الأحد اللي جاي', { title: 'اجتماع', due_date: '2026-12-06' }],
  ['حضّر العرض الاثنين الجاي الساعة ١٠ صباحاً', { title: 'حضّر العرض', due_date: '2026-11-30', due_time: '10:00' }],

  // Dates: both families of month names, numeric day first, the day of the month.
  ['موعد الطبيب ٥ آذار ٢٠٢٧', { title: 'موعد الطبيب', due_date: '2027-03-05' }],
  ['موعد الطبيب 5 مارس', { title: 'موعد الطبيب', due_date: '2027-03-05' }],
  ['حفلة تخرج أختي ١٥ يونيو', { title: 'حفلة تخرج أختي', due_date: '2027-06-15' }],
  ['حجز تذاكر الطيران 25/12', { title: 'حجز تذاكر الطيران', due_date: '2026-12-25' }],
  ['تجديد الإقامة ١٠/١/٢٠٢٧', { title: 'تجديد الإقامة', due_date: '2027-01-10' }],
  ['ادفع الإيجار في ١٥ الشهر', { title: 'ادفع الإيجار', due_date: '2026-12-15' }],
  ['امتحان الرياضيات 15 شهر 3', { title: 'امتحان الرياضيات', due_date: '2027-03-15' }],
  // The weekday before a date goes with it; the date says the day.
  ['امتحان الخميس ١٠/١٢', { title: 'امتحان', due_date: '2026-12-10' }],
  // A date and a time side by side are two chips.
  ['محاضرة يوم الخميس ١٠ ديسمبر الساعة ٨ مساءً', { title: 'محاضرة', due_date: '2026-12-10', due_time: '20:00' }],

  // Times. A bare time already past today is tomorrow's.
  ['اجتماع مع العميل الساعة 9', { title: 'اجتماع مع العميل', due_date: '2026-11-26', due_time: '09:00' }],
  ['مكالمة فيديو الساعة ١٨:٣٠', { title: 'مكالمة فيديو', due_date: '2026-11-25', due_time: '18:30' }],
  ['اتصل بالبنك 11:30', { title: 'اتصل بالبنك', due_date: '2026-11-25', due_time: '11:30' }],
  ['الجيم 7 صباحا', { title: 'الجيم', due_date: '2026-11-26', due_time: '07:00' }],
  ['عشاء مع سارة 8 مساءً', { title: 'عشاء مع سارة', due_date: '2026-11-25', due_time: '20:00' }],
  ['الغداء مع أحمد عند الظهر', { title: 'الغداء مع أحمد', due_date: '2026-11-25', due_time: '12:00' }],
  ['نشر التحديث منتصف الليل', { title: 'نشر التحديث', due_date: '2026-11-26', due_time: '00:00' }],
  ['اجتماع الإدارة الساعة 4 والنصف عصرا', { title: 'اجتماع الإدارة', due_date: '2026-11-25', due_time: '16:30' }],
  ['مقابلة عمل بكرة الساعة ١٠ والربع', { title: 'مقابلة عمل', due_date: '2026-11-26', due_time: '10:15' }],
  ['موعد الحلاق الساعة 6 إلا ربع المسا', { title: 'موعد الحلاق', due_date: '2026-11-25', due_time: '17:45' }],
  ['اجتماع عالساعة 3 م', { title: 'اجتماع', due_date: '2026-11-25', due_time: '15:00' }],
  ['مكالمة 8:15 م', { title: 'مكالمة', due_date: '2026-11-25', due_time: '20:15' }],
  ['اجتماع الساعة تسعة وتلت', { title: 'اجتماع', due_date: '2026-11-26', due_time: '09:20' }],
  ['اتصل بأحمد بكره الصبح', { title: 'اتصل بأحمد', due_date: '2026-11-26', due_time: '09:00' }],
  // An hour tonight is an evening hour.
  ['مكالمة مع العميل الليلة الساعة 9', { title: 'مكالمة مع العميل', due_date: '2026-11-25', due_time: '21:00' }],
  ['اتصل بأمي الليلة دي', { title: 'اتصل بأمي', due_date: '2026-11-25', due_time: '20:00' }],
  ['جهز الشنطة الجمعة بالليل', { title: 'جهز الشنطة', due_date: '2026-11-27', due_time: '20:00' }],
  // "علي" is Ali: the name stays, only the time goes.
  ['قابل علي الساعة 9', { title: 'قابل علي', due_date: '2026-11-26', due_time: '09:00' }],

  // Repeat rules; with no date the task is due on the first occurrence.
  ['خذ الفيتامينات كل يوم', { title: 'خذ الفيتامينات', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25' }],
  [
    'اشرب الدواء يومياً الساعة 8 مساء',
    { title: 'اشرب الدواء', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25', due_time: '20:00' },
  ],
  // 09:30 has passed today, so the first working day after it is Thursday.
  ['الاجتماع اليومي كل يوم عمل الساعة 9:30', { title: 'الاجتماع اليومي', repeat: WORK_WEEK, due_date: '2026-11-26', due_time: '09:30' }],
  ['رد على الإيميلات أيام الدوام', { title: 'رد على الإيميلات', repeat: WORK_WEEK, due_date: '2026-11-25' }],
  ['تقرير المبيعات كل أسبوع', { title: 'تقرير المبيعات', repeat: { freq: 'weekly', interval: 1 }, due_date: '2026-11-25' }],
  ['الجيم كل اثنين وخميس', { title: 'الجيم', repeat: { freq: 'weekly', interval: 1, byWeekday: ['MO', 'TH'] }, due_date: '2026-11-26' }],
  // A Sunday–Thursday week is named day by day.
  [
    'رياضة كل يوم الأحد والثلاثاء والخميس',
    { title: 'رياضة', repeat: { freq: 'weekly', interval: 1, byWeekday: ['SU', 'TU', 'TH'] }, due_date: '2026-11-26' },
  ],
  ['درس البيانو كل يوم سبت', { title: 'درس البيانو', repeat: { freq: 'weekly', interval: 1, byWeekday: ['SA'] }, due_date: '2026-11-28' }],
  ['صلة الرحم كل جمعة', { title: 'صلة الرحم', repeat: { freq: 'weekly', interval: 1, byWeekday: ['FR'] }, due_date: '2026-11-27' }],
  ['اسقِ النباتات كل ٣ أيام', { title: 'اسقِ النباتات', repeat: { freq: 'daily', interval: 3 }, due_date: '2026-11-25' }],
  ['غيّر فلتر المكيف كل أسبوعين', { title: 'غيّر فلتر المكيف', repeat: { freq: 'weekly', interval: 2 }, due_date: '2026-11-25' }],
  ['ادفع الإيجار كل شهر يوم ١', { title: 'ادفع الإيجار', repeat: { freq: 'monthly', interval: 1, byMonthDay: 1 }, due_date: '2026-12-01' }],
  [
    'ادفع الفواتير يوم 15 من كل شهر',
    { title: 'ادفع الفواتير', repeat: { freq: 'monthly', interval: 1, byMonthDay: 15 }, due_date: '2026-12-15' },
  ],
  [
    'نادي الكتاب آخر جمعة من كل شهر',
    { title: 'نادي الكتاب', repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'FR', pos: -1 } }, due_date: '2026-11-27' },
  ],
  [
    'اجتماع مجلس الإدارة أول اثنين من كل شهر',
    {
      title: 'اجتماع مجلس الإدارة',
      repeat: { freq: 'monthly', interval: 1, byNthWeekday: { weekday: 'MO', pos: 1 } },
      due_date: '2026-12-07',
    },
  ],
  ['جدد اشتراك النطاق سنوياً', { title: 'جدد اشتراك النطاق', repeat: { freq: 'yearly', interval: 1 }, due_date: '2026-11-25' }],
  [
    'عيد ميلاد أمي كل ٥ مارس',
    { title: 'عيد ميلاد أمي', repeat: { freq: 'yearly', interval: 1, byMonth: 3, byMonthDay: 5 }, due_date: '2027-03-05' },
  ],
  // An hour after "every evening" is an evening hour.
  ['المشي كل مساء الساعة 7', { title: 'المشي', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-25', due_time: '19:00' }],
  ['رياضة كل يوم 6 الصبح', { title: 'رياضة', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '06:00' }],
  // "every morning" at 10:00: this morning has passed.
  ['قراءة القرآن كل صباح', { title: 'قراءة القرآن', repeat: { freq: 'daily', interval: 1 }, due_date: '2026-11-26', due_time: '09:00' }],

  // With the core's labels and priorities.
  ['ادفع القسط !عالية #بيت بكرة', { title: 'ادفع القسط', due_date: '2026-11-26', priority: 'high', labels: ['بيت'] }],

  // Nothing recognisable: the spec's quick add, title as typed.
  ['اكتب في اليوميات', { title: 'اكتب في اليوميات' }],
  ['اشتري 2 بيض', { title: 'اشتري 2 بيض' }],
  ['اقرأ الفصل 3 من الكتاب', { title: 'اقرأ الفصل 3 من الكتاب' }],
  // The Friday prayer, a greeting, the back (الظهر), the national day, a man called Juma: names, not dates.
  ['صلاة الجمعة في المسجد الكبير', { title: 'صلاة الجمعة في المسجد الكبير' }],
  ['ارسل رسالة كل سنة وانت طيب لماما', { title: 'ارسل رسالة كل سنة وانت طيب لماما' }],
  ['احجز موعد علاج ألم الظهر', { title: 'احجز موعد علاج ألم الظهر' }],
  ['التحضير لليوم الوطني', { title: 'التحضير لليوم الوطني' }],
  ['اتصل بجمعة بخصوص السيارة', { title: 'اتصل بجمعة بخصوص السيارة' }],
  // Past, not due: the words stay.
  ['راجع محضر اجتماع الخميس الماضي', { title: 'راجع محضر اجتماع الخميس الماضي' }],
  // Every three hours is no rule the product has; "تلات" here is three, not Tuesday.
  ['خذ الدواء كل تلات ساعات', { title: 'خذ الدواء كل تلات ساعات' }],
  // Three days after something else, not from today.
  ['زيارة الطبيب بعد 3 أيام من العملية', { title: 'زيارة الطبيب بعد 3 أيام من العملية' }],
  ['اقرأ ألف ليلة وليلة', { title: 'اقرأ ألف ليلة وليلة' }],
  ['اشتري سبت للغسيل', { title: 'اشتري سبت للغسيل' }],
  // A day that does not exist.
  ['سداد القسط 31/2', { title: 'سداد القسط 31/2' }],
  // A date word alone leaves no title, so it is the title.
  ['بكرة', { title: 'بكرة' }],

  // Around the turn of a month and a year (Wednesday 30 December 2026).
  ['حفلة رأس السنة بكرة', { title: 'حفلة رأس السنة', due_date: '2026-12-31' }, '2026-12-30'],
  ['إجازة بعد بكرة', { title: 'إجازة', due_date: '2027-01-01' }, '2026-12-30'],
  ['ادفع الإيجار الشهر القادم', { title: 'ادفع الإيجار', due_date: '2027-01-01' }, '2026-12-30'],
  ['تجديد الاشتراك بعد ٣ أيام', { title: 'تجديد الاشتراك', due_date: '2027-01-02' }, '2026-12-30'],
  ['اجتماع التخطيط الأسبوع الجاي', { title: 'اجتماع التخطيط', due_date: '2027-01-04' }, '2026-12-30'],
  ['إقفال الحسابات آخر الشهر', { title: 'إقفال الحسابات', due_date: '2026-12-31' }, '2026-12-30'],
  ['موعد السفارة 5 كانون الثاني', { title: 'موعد السفارة', due_date: '2027-01-05' }, '2026-12-30'],
  // Saturday 27 February 2027: February ends on the 28th.
  ['تسليم البحث بكرة', { title: 'تسليم البحث', due_date: '2027-02-28' }, '2027-02-27'],
  ['تسليم البحث بعد بكرة', { title: 'تسليم البحث', due_date: '2027-03-01' }, '2027-02-27'],
  ['إقفال الحسابات نهاية الشهر', { title: 'إقفال الحسابات', due_date: '2027-02-28' }, '2027-02-27'],
  ['ادفع القسط في 30 الشهر', { title: 'ادفع القسط', due_date: '2027-03-30' }, '2027-02-27'],
  ['عيد ميلاد سارة 29 فبراير', { title: 'عيد ميلاد سارة', due_date: '2028-02-29' }, '2027-02-27'],
  ['رتب البيت نهاية الأسبوع', { title: 'رتب البيت', due_date: '2027-02-27' }, '2027-02-27'],
  [
    'إقفال الحسابات آخر يوم من كل شهر',
    { title: 'إقفال الحسابات', repeat: { freq: 'monthly', interval: 1, byMonthDay: -1 }, due_date: '2027-02-28' },
    '2027-02-27',
  ],
  // Monday 28 February 2028, a leap year.
  ['تسليم المشروع بكرة', { title: 'تسليم المشروع', due_date: '2028-02-29' }, '2028-02-28'],
  ['حفلة ٢٩/٢', { title: 'حفلة', due_date: '2028-02-29' }, '2028-02-28'],
  ['زيارة الأهل بعد يومين', { title: 'زيارة الأهل', due_date: '2028-03-01' }, '2028-02-28'],
  ['موعد المتابعة بعد شهر', { title: 'موعد المتابعة', due_date: '2028-03-28' }, '2028-02-28'],
  [
    'ذكرى الزواج كل ٢٩ شباط',
    { title: 'ذكرى الزواج', repeat: { freq: 'yearly', interval: 1, byMonth: 2, byMonthDay: 29 }, due_date: '2028-02-29' },
    '2028-02-28',
  ],
];

describe('Arabic quick add', () => {
  expectRows('ar', ROWS);

  test('spelling variants are one word: hamza, ta marbuta, alif maqsura, tashkeel and tatweel', () => {
    const dueDate = (text: string) => parse(text).due_date;
    expect(dueDate('اجتماع الإثنين')).toBe('2026-11-30');
    expect(dueDate('اجتماع الاثنين')).toBe('2026-11-30');
    expect(dueDate('اجتماع الاتنين')).toBe('2026-11-30');
    expect(dueDate('اجتماع الجمعه القادمه')).toBe('2026-12-04');
    expect(dueDate('اجتماع الجمعـــة')).toBe('2026-11-27');
    expect(dueDate('اجتماع الجُمُعَة')).toBe('2026-11-27');
    expect(dueDate('سلّم التقرير حتي الخميس')).toBe('2026-11-26');
    expect(dueDate('اجتماع غدا')).toBe('2026-11-26');
    expect(dueDate('اجتماع غدًا')).toBe('2026-11-26');
    expect(dueDate('اجتماع بكره')).toBe('2026-11-26');
    expect(dueDate('اجتماع بكرا')).toBe('2026-11-26');
  });

  test('spans cover the text as typed, marks after the last letter included', () => {
    const text = 'اجتماع الجمعـــة غداً';
    const spans = grammar(text, { today: TODAY, now: NOW }).map((match) => text.slice(match.start, match.end));
    expect(spans).toEqual(expect.arrayContaining(['الجمعـــة', 'غداً']));
    const withMarks = parse('موعد الأسنان بَعْدَ غَدٍ');
    expect(withMarks).toMatchObject({ title: 'موعد الأسنان', due_date: '2026-11-27' });
    expect(withMarks.tokens.map((token) => token.text)).toEqual(['بَعْدَ غَدٍ']);
  });

  test('the grammar reads no date in a measure ("half a kilo") nor in a bare number', () => {
    // The English grammar tried after this one reads "1/2" itself; this grammar does not.
    for (const text of ['اشتري 1/2 كيلو لحمة', 'اشتري 2 بيض', 'الفصل 3', 'الصفحة 25']) {
      expect(grammar(asciiDigits(text), { today: TODAY, now: NOW })).toEqual([]);
    }
  });

  test('a removed chip stays literal text', () => {
    const kept = parseQuickAdd(
      'اجتماع بكرة الساعة ٩',
      { locale: 'ar', context: { today: TODAY, now: NOW }, ignored: ['الساعة 9'] },
      WITH_ARABIC,
    );
    expect(kept).toMatchObject({ title: 'اجتماع الساعة ٩', due_date: '2026-11-26' });
    expect(kept.due_time).toBeUndefined();
  });
});

/** Arabic date words mixed with ordinary words, digits and punctuation. */
const VOCABULARY = [
  'بكرة',
  'غداً',
  'اليوم',
  'الليلة',
  'بعد',
  'غد',
  'كل',
  'يوم',
  'يومين',
  'أيام',
  'أسبوع',
  'شهر',
  'سنة',
  'الاثنين',
  'اثنين',
  'و',
  'وخميس',
  'الجمعة',
  'القادمة',
  'الجاي',
  'الساعة',
  'صباحا',
  'مساءً',
  'الصبح',
  'الظهر',
  'والنصف',
  'إلا',
  'ربع',
  'آخر',
  'أول',
  'من',
  'في',
  'مارس',
  'آذار',
  'كانون',
  'الثاني',
  'الشهر',
  '٣',
  '١٥',
  '٩',
  '9:30',
  '25/12',
  '31/2',
  '2027',
  'اشتري',
  'خبز',
  'علي',
  'صلاة',
  'ـ',
  'ً',
  '،',
  '!',
  '#بيت',
];
const phrase = fc
  .array(fc.oneof(fc.constantFrom(...VOCABULARY), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 9 })
  .map((words) => words.join(' '));

describe('the Arabic grammar on any text', () => {
  test('matches lie on word boundaries of the text, with valid days not before today and valid times', () => {
    const context = { today: TODAY, now: NOW };
    fc.assert(
      fc.property(phrase, (typed) => {
        const text = asciiDigits(typed);
        for (const match of grammar(text, context)) {
          expect(match.start).toBeLessThan(match.end);
          expect(/[\p{L}\p{M}\p{N}]/u.test(text[match.start - 1] ?? '')).toBe(false);
          expect(/[\p{L}\p{M}\p{N}]/u.test(text[match.end] ?? '')).toBe(false);
          if (match.kind === 'date' || match.kind === 'datetime') {
            const [y, m, d] = match.date.split('-').map(Number) as [number, number, number];
            expect(isValidDate(y, m, d)).toBe(true);
            expect(match.date >= TODAY).toBe(true);
          }
          const time = match.kind === 'time' || match.kind === 'datetime' ? match.time : match.kind === 'repeat' ? match.time : undefined;
          if (time !== undefined) expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
          if (match.kind === 'repeat') expect(match.repeat.interval).toBeGreaterThanOrEqual(1);
        }
        // Nothing typed is lost through the core either.
        expectNothingLost(typed, parse(typed));
      }),
      { numRuns: 400 },
    );
  });
});
