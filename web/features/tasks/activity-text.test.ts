import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import type { ActivityLog } from '../../../common/schemas/activity.schema.ts';
import arSchedule from '../../i18n/locales/ar/schedule.json';
import arTasks from '../../i18n/locales/ar/tasks.json';
import enSchedule from '../../i18n/locales/en/schedule.json';
import enTasks from '../../i18n/locales/en/tasks.json';
import { activityLines as linesWith, isolated as i } from './activity-text.ts';

const instances = new Map<string, Promise<typeof i18next>>();
function instanceIn(language: string) {
  let instance = instances.get(language);
  if (!instance) {
    const created = i18next.createInstance();
    instance = created
      .init({
        lng: language,
        resources: { en: { tasks: enTasks, schedule: enSchedule }, ar: { tasks: arTasks, schedule: arSchedule } },
        interpolation: { escapeValue: false },
      })
      .then(() => created);
    instances.set(language, instance);
  }
  return instance;
}
const textsIn = async (language: 'en' | 'ar') => (await instanceIn(language)).getFixedT(language, 'tasks');
/** The entry's lines, repeat rules worded by the language's schedule texts as the dialog does. */
const activityLines = (log: ActivityLog, t: Awaited<ReturnType<typeof textsIn>>, language: 'en' | 'ar') =>
  instanceIn(language).then((instance) => linesWith(log, t, language, instance.getFixedT(language, 'schedule')));

const entry = (event: ActivityLog['event'], description = 'English from the server'): ActivityLog => ({
  id: 1,
  description,
  event,
  created_at: '2026-11-25T10:00:00.000Z',
  user_name: 'Rami',
  user_email: 'rami@example.com',
  user_photo: null,
});

describe('activity entries in the reader language', () => {
  test('an update names each change on its own line, with priorities, dates and labels in that language', async () => {
    const update = entry({
      code: 'updated',
      changes: [
        { kind: 'renamed', from: 'Old', to: 'New' },
        { kind: 'priority', from: 'low', to: 'high' },
        { kind: 'due_date', date: '2026-12-05' },
        { kind: 'labels', labels: ['Home', 'Work'] },
      ],
    });
    expect(await activityLines(update, await textsIn('en'), 'en')).toEqual([
      `Renamed the task from “${i('Old')}” to “${i('New')}”`,
      'Changed the priority from Low to High',
      `Set the due date to ${i('December 5, 2026')}`,
      `Set the labels to ${i('Home')} and ${i('Work')}`,
    ]);
    const arabic = await activityLines(update, await textsIn('ar'), 'ar');
    expect(arabic[0]).toBe(`تمت إعادة تسمية المهمة من «${i('Old')}» إلى «${i('New')}»`);
    expect(arabic[1]).toBe('تم تغيير الأولوية من منخفضة إلى عالية');
    expect(arabic[2]).toMatch(/^تم تعيين تاريخ الاستحقاق إلى .+(٢٠٢٦|2026)/);
    expect(arabic[3]).toBe(`تم تعيين التصنيفات إلى ${i('Home')} و${i('Work')}`);
  });

  test('a repeat rule set is named in the words the dialog uses', async () => {
    const set = (rule: string, from: 'due_date' | 'completion') =>
      entry({ code: 'updated', changes: [{ kind: 'recurrence', rule, from }] });
    expect(await activityLines(set('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH', 'due_date'), await textsIn('en'), 'en')).toEqual([
      'Set the task to repeat: Every Monday and Thursday',
    ]);
    expect(await activityLines(set('FREQ=DAILY;INTERVAL=3', 'completion'), await textsIn('en'), 'en')).toEqual([
      'Set the task to repeat after each completion: Every 3 days',
    ]);
    const [arabic] = await activityLines(set('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH', 'due_date'), await textsIn('ar'), 'ar');
    expect(arabic).toMatch(/^تم ضبط المهمة على التكرار: .*الاثنين.*الخميس/);
  });

  test('sharing lists its addresses; every kind of entry has words of its own', async () => {
    const t = await textsIn('ar');
    expect(await activityLines(entry({ code: 'shared', emails: ['a@example.com'] }), t, 'ar')).toEqual([
      `تمت مشاركة المهمة مع ${i('a@example.com')}`,
    ]);
    const codes = [
      'created',
      'unchanged',
      'completed',
      'reopened',
      'commented',
      'replied',
      'comment_edited',
      'share_accepted',
      'ai_rewrite',
      'ai_content',
    ] as const;
    const lines = await Promise.all(codes.map(async (code) => (await activityLines(entry({ code }), t, 'ar'))[0]));
    expect(new Set(lines).size).toBe(codes.length);
    for (const line of lines) expect(line).not.toMatch(/[A-Za-z]{3}/);
  });

  test('subtask entries name the subtask, isolated, in the reader language', async () => {
    const en = await textsIn('en');
    expect(await activityLines(entry({ code: 'subtasks_added', titles: ['Buy boxes'], count: 1 }), en, 'en')).toEqual([
      `Added the subtask “${i('Buy boxes')}”`,
    ]);
    // More than the entry names: an ellipsis stands for the rest.
    expect(await activityLines(entry({ code: 'subtasks_added', titles: ['a', 'b'], count: 12 }), en, 'en')).toEqual([
      `Added the subtasks ${i('a')}, ${i('b')}, and ${i('…')}`,
    ]);
    expect(await activityLines(entry({ code: 'subtask_due_date', title: 'Pack', date: null }), en, 'en')).toEqual([
      `Removed the due date of the subtask “${i('Pack')}”`,
    ]);
    expect(await activityLines(entry({ code: 'subtasks_completed', count: 3 }), en, 'en')).toEqual(['Also completed its 3 open subtasks']);
    expect(await activityLines(entry({ code: 'subtasks_reopened', count: 1 }), en, 'en')).toEqual(['Also reopened a subtask']);
    const ar = await textsIn('ar');
    expect(await activityLines(entry({ code: 'subtask_completed', title: 'Pack' }), ar, 'ar')).toEqual([
      `تم إكمال المهمة الفرعية «${i('Pack')}»`,
    ]);
    expect(await activityLines(entry({ code: 'subtasks_completed', count: 2 }), ar, 'ar')).toEqual([
      'تم أيضًا إكمال مهمتيها الفرعيتين المفتوحتين',
    ]);
    expect(await activityLines(entry({ code: 'subtasks_reordered' }), ar, 'ar')).toEqual(['تمت إعادة ترتيب المهام الفرعية']);
    expect(await activityLines(entry({ code: 'subtasks_reopened', count: 2 }), ar, 'ar')).toEqual(['تمت أيضًا إعادة فتح مهمتين فرعيتين']);
  });

  test('an entry from before events were stored shows the server words', async () => {
    expect(await activityLines(entry(null, 'Created the task'), await textsIn('ar'), 'ar')).toEqual(['Created the task']);
  });
});
