import { describe, expect, test } from 'vitest';
import { buildExportDocument, isOverdue, type MetaItem } from './export-document.ts';
import { typicalTaskSample } from './export-samples.ts';
import { formatTimestamp } from './export-texts.ts';
import type { ExportTask, TaskExportData } from './export.types.ts';

const words = (items: MetaItem[]) => items.map((item) => (item.kind === 'text' ? item.text : item.kind === 'chip' ? item.chip.text : '|'));

describe('the exported document', () => {
  const dueRow = (due_date: string, due_time: string | null, language: 'en' | 'de' | 'ar' = 'en') => {
    const sample = typicalTaskSample(language);
    const document = buildExportDocument({ ...sample, task: { ...sample.task, is_completed: 1, due_date, due_time } });
    return document.meta.find((row) => row.label === document.texts.dueDate)!.items;
  };

  test('prints a due time with its date (issue 21), as the owner set it: no zone is printed', () => {
    expect(dueRow('2030-05-01', '09:30')).toEqual([{ kind: 'text', text: 'May 1, 2030, 9:30 AM', tone: 'normal' }]);
    expect(dueRow('2030-05-01', '21:05', 'de')).toEqual([{ kind: 'text', text: '01.05.2030, 21:05', tone: 'normal' }]);
    expect(dueRow('2030-05-01', null)).toEqual([{ kind: 'text', text: 'May 1, 2030', tone: 'normal' }]);
  });
});

describe('a repeating task in the export (issue 21)', () => {
  /** The document of the typical sample with these task fields, and its rows as label → words. */
  const exported = (language: TaskExportData['language'], task: Partial<ExportTask>, extra: Partial<TaskExportData> = {}) => {
    const sample = typicalTaskSample(language);
    const document = buildExportDocument({ ...sample, ...extra, task: { ...sample.task, ...task } });
    return { document, rows: new Map(document.meta.map((row) => [row.label, words(row.items)])) };
  };
  // A Thursday.
  const due = '2024-03-14';

  test.each([
    ['en', 'Repeats', 'Every Monday and Thursday'],
    ['ar', 'يتكرر', 'كل أسبوع في الاثنين والخميس'],
    ['hi', 'दोहराव', 'हर सोमवार और गुरुवार'],
    ['de', 'Wiederholung', 'Jeden Montag und Donnerstag'],
  ] as const)('%s: a weekly rule on two days is named by its days, in the row after the due date', (language, label, rule) => {
    const { document, rows } = exported(language, {
      due_date: due,
      recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH',
      recurrence_from: 'due_date',
    });
    expect(rows.get(label)).toEqual([rule]);
    const labels = document.meta.map((row) => row.label);
    expect(labels.indexOf(label)).toBe(labels.indexOf(document.texts.dueDate) + 1);
  });

  test.each([
    ['en', 'Every 3 days, counted from each completion'],
    ['ar', 'كل 3 أيام، محسوبًا من كل إكمال'],
    ['hi', 'हर 3 दिन, हर बार पूरा करने से गिना गया'],
    ['fr', 'Tous les 3 jours, à compter de chaque achèvement'],
  ] as const)('%s: a rule counted from completion says so', (language, rule) => {
    const { document } = exported(language, { due_date: due, recurrence: 'FREQ=DAILY;INTERVAL=3', recurrence_from: 'completion' });
    expect(document.meta.some((row) => words(row.items).join() === rule)).toBe(true);
  });

  test('Arabic says two weeks with its dual, as the app does', () => {
    const { rows } = exported('ar', { due_date: due, recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', recurrence_from: 'due_date' });
    expect(rows.get('يتكرر')).toEqual(['كل أسبوعين في الثلاثاء']);
  });

  test('a rule without a day falls on the due date’s; without a due date, on the reader’s today in their zone', () => {
    expect(exported('en', { due_date: due, recurrence: 'FREQ=WEEKLY;INTERVAL=1' }).rows.get('Repeats')).toEqual(['Every Thursday']);
    expect(exported('en', { due_date: due, recurrence: 'FREQ=MONTHLY;INTERVAL=1' }).rows.get('Repeats')).toEqual(['Every month on day 14']);
    // 11:30 on Friday 15 March in UTC is already Saturday the 16th in Kiritimati (UTC+14).
    const at = { generatedAt: new Date('2024-03-15T11:30:00Z') };
    const undated = { due_date: null, recurrence: 'FREQ=WEEKLY;INTERVAL=1' };
    expect(exported('en', undated, { ...at, timeZone: null }).rows.get('Repeats')).toEqual(['Every Friday']);
    expect(exported('en', undated, { ...at, timeZone: 'Pacific/Kiritimati' }).rows.get('Repeats')).toEqual(['Every Saturday']);
  });

  test('a task that does not repeat (or no longer does) has no repeat row', () => {
    for (const task of [{ recurrence: null }, {}]) {
      const { document } = exported('en', task);
      expect(document.meta.map((row) => row.label)).toEqual([
        'Status',
        'Priority',
        'Due date',
        'Labels',
        'Created',
        'Updated',
        'Owner',
        'Shared with',
      ]);
    }
  });
});

describe('the reader’s time zone (issue 21)', () => {
  const open = { is_completed: 0 as const, due_time: null };

  test('overdue follows the reader’s today where it is not UTC’s', () => {
    // 06:30 UTC on the 15th is 23:30 on the 14th in Los Angeles: a task due on the 14th is due today there.
    const lateEvening = new Date('2024-03-15T06:30:00Z');
    expect(isOverdue({ ...open, due_date: '2024-03-14' }, lateEvening, null)).toBe(true);
    expect(isOverdue({ ...open, due_date: '2024-03-14' }, lateEvening, 'America/Los_Angeles')).toBe(false);
    expect(isOverdue({ ...open, due_date: '2024-03-13' }, lateEvening, 'America/Los_Angeles')).toBe(true);
    // 11:30 UTC on the 15th is 01:30 on the 16th in Kiritimati: the 15th has passed there, not in UTC.
    const kiritimatiNight = new Date('2024-03-15T11:30:00Z');
    expect(isOverdue({ ...open, due_date: '2024-03-15' }, kiritimatiNight, null)).toBe(false);
    expect(isOverdue({ ...open, due_date: '2024-03-15' }, kiritimatiNight, 'Pacific/Kiritimati')).toBe(true);
    // Completed tasks are never overdue; a zone this runtime does not know reads as UTC.
    expect(isOverdue({ ...open, is_completed: 1, due_date: '2024-03-01' }, lateEvening, 'America/Los_Angeles')).toBe(false);
    expect(isOverdue({ ...open, due_date: '2024-03-14' }, lateEvening, 'Mars/Olympus_Mons')).toBe(true);
  });

  test('a due time today is overdue once it has passed on the reader’s clock, as the task dialog shows it', () => {
    const lateEvening = new Date('2024-03-15T06:30:00Z'); // 23:30 on the 14th in Los Angeles
    expect(isOverdue({ ...open, due_date: '2024-03-14', due_time: '23:00' }, lateEvening, 'America/Los_Angeles')).toBe(true);
    expect(isOverdue({ ...open, due_date: '2024-03-14', due_time: '23:45' }, lateEvening, 'America/Los_Angeles')).toBe(false);
  });

  test('the document’s due row, export date and timestamps are in the reader’s zone, named', () => {
    const sample = typicalTaskSample('en');
    const document = (timeZone: string | null) =>
      buildExportDocument({
        ...sample,
        timeZone,
        generatedAt: new Date('2024-03-15T06:30:00Z'),
        task: { ...sample.task, is_completed: 0, due_date: '2024-03-14', due_time: null, created_at: '2024-03-01T17:00:00.000Z' },
      });
    const row = (doc: ReturnType<typeof document>, label: string) => words(doc.meta.find((r) => r.label === label)!.items);

    const inLosAngeles = document('America/Los_Angeles');
    expect(inLosAngeles.exportedOn).toBe('Exported Mar 14, 2024, 11:30 PM PDT');
    expect(row(inLosAngeles, 'Due date')).toEqual(['Mar 14, 2024']);
    expect(row(inLosAngeles, 'Created')).toEqual(['Mar 1, 2024, 9:00 AM PST']);
    expect(inLosAngeles.comments[0]!.date).toMatch(/ PDT$/);

    const inUtc = document(null);
    expect(inUtc.exportedOn).toBe('Exported Mar 15, 2024, 6:30 AM UTC');
    expect(row(inUtc, 'Due date')).toEqual(['Mar 14, 2024', 'Overdue']);
    expect(row(inUtc, 'Created')).toEqual(['Mar 1, 2024, 5:00 PM UTC']);
    expect(document('Mars/Olympus_Mons').exportedOn).toBe(inUtc.exportedOn);

    // 20:00 UTC on the 15th is 01:30 on the 16th in India; Arabic names the zone by its offset (ICU may write its digits either way).
    const inArabic = buildExportDocument({
      ...typicalTaskSample('ar'),
      timeZone: 'Asia/Kolkata',
      generatedAt: new Date('2024-03-15T20:00:00Z'),
    });
    expect(inArabic.exportedOn).toMatch(/(16|١٦)/);
    expect(inArabic.exportedOn).toMatch(/(1:30|١:٣٠).*(5:30|٥:٣٠)$/);
    expect(inArabic.exportedOn).not.toContain('UTC');
  });
});

describe('the Attachments section (issue 24)', () => {
  const pixels = (attachment_id: number) => ({ attachment_id, format: 'png' as const, width: 2, height: 1, bytes: new Uint8Array([1]) });
  const files = [
    {
      id: 31,
      name: 'whiteboard.png',
      mime: 'image/png',
      size: 1_234_567,
      user_name: 'Amira Haddad',
      created_at: '2026-03-03T10:00:00Z',
      link_url: null,
    },
    {
      id: 32,
      name: 'ميزانية.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: 0,
      user_name: 'Rahul Verma',
      created_at: '2026-03-04T11:30:00Z',
      link_url: 'https://drive.example.com/file/d/abc/view',
    },
    {
      id: 33,
      name: 'notes.txt',
      mime: 'text/plain',
      size: 500,
      user_name: 'Sam',
      created_at: '2026-03-05T00:00:00Z',
      link_url: 'javascript:x',
    },
  ];
  const exported = (language: TaskExportData['language'], extra: Partial<TaskExportData> = {}) =>
    buildExportDocument({ ...typicalTaskSample(language), attachments: files, ...extra });

  test('lists each file with its size in the reader’s language, who added it and when, and a drive file’s link', () => {
    const document = exported('en');
    expect(document.attachmentsHeading).toBe('Attachments (3)');
    expect(document.attachments[0]).toEqual({
      name: 'whiteboard.png',
      details: ['1.2 MB', '·', 'added by', 'Amira Haddad', '·', 'Mar 3, 2026, 10:00 AM UTC'],
      link: null,
    });
    // A drive may not know the size; its address is a link when it is http(s), text otherwise.
    expect(document.attachments[1]).toEqual({
      name: 'ميزانية.xlsx',
      details: ['added by', 'Rahul Verma', '·', 'Mar 4, 2026, 11:30 AM UTC'],
      link: { text: 'https://drive.example.com/file/d/abc/view', target: 'https://drive.example.com/file/d/abc/view' },
    });
    expect(document.attachments[2]!.link).toEqual({ text: 'javascript:x', target: undefined });
    expect(document.attachments[2]!.details[0]).toBe('500 bytes');
  });

  test.each([
    ['de', 'Anhänge (3)', ['1,2 MB', '·', 'hinzugefügt von', 'Amira Haddad', '·']],
    ['fr', 'Pièces jointes (3)', ['1,2\u202fMo', '·', 'ajouté par', 'Amira Haddad', '·']],
    ['es', 'Archivos adjuntos (3)', ['1,2 MB', '·', 'añadido por', 'Amira Haddad', '·']],
    ['ar', 'المرفقات (3)', ['1.2 م.ب', '·', 'أضافه', 'Amira Haddad', '·']],
    ['hi', 'संलग्नक (3)', ['1.2 MB', '·', 'Amira Haddad', 'द्वारा जोड़ी गई', '·']],
  ] as const)('%s: the heading and the words around a file are the language’s', (language, heading, details) => {
    const document = exported(language);
    expect(document.attachmentsHeading).toBe(heading);
    expect(document.attachments[0]!.details.slice(0, details.length)).toEqual(details);
    // The date as the document's other timestamps are.
    expect(document.attachments[0]!.details.at(-1)).toBe(formatTimestamp('2026-03-03T10:00:00Z', language));
  });

  test('images: only of the task’s own files, once each, under the list in its order', () => {
    const document = exported('en', {
      task: { ...typicalTaskSample('en').task, description: 'See ![board](/api/attachments/31/file) and ![x](/api/attachments/99/file)' },
      images: [pixels(99), pixels(31), pixels(31)],
    });
    expect([...document.images.keys()]).toEqual([31]);
    expect(document.gallery.map((item) => [item.image.attachment_id, item.caption])).toEqual([[31, 'whiteboard.png']]);
    expect(document.description.map((block) => block.kind)).toEqual(['paragraph', 'image', 'paragraph']);
  });

  test('a task without files has no section', () => {
    for (const data of [typicalTaskSample('en'), { ...typicalTaskSample('en'), attachments: [], images: [pixels(31)] }]) {
      const document = buildExportDocument(data);
      expect(document.attachments).toEqual([]);
      expect(document.gallery).toEqual([]);
      expect(document.images.size).toBe(0);
    }
  });
});
