import { describe, expect, test } from 'vitest';
import { buildExportDocument } from './export-document.ts';
import { typicalTaskSample } from './export-samples.ts';

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
