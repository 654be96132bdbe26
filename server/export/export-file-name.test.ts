import { describe, expect, test } from 'vitest';
import { contentDisposition, exportFileName } from './export-file-name.ts';

const day = new Date('2024-03-15T23:59:00Z');

describe('export file names', () => {
  test('a Latin title becomes taskaty-<lowercase title>-<date> with the format extension', () => {
    expect(exportFileName('Prepare the Quarterly Review!', day, 'pdf')).toEqual({
      unicode: 'taskaty-prepare-the-quarterly-review-2024-03-15.pdf',
      ascii: 'taskaty-prepare-the-quarterly-review-2024-03-15.pdf',
    });
    expect(exportFileName('Prepare the Quarterly Review!', day, 'docx').ascii).toBe('taskaty-prepare-the-quarterly-review-2024-03-15.docx');
  });

  test('the date is the exporting person’s day (issue 21): UTC’s when they have set no zone', () => {
    // 23:59 UTC on the 15th is 16:59 the same day in Los Angeles and 13:59 on the 16th in Kiritimati.
    expect(exportFileName('Plan', day, 'pdf', 'America/Los_Angeles').ascii).toBe('taskaty-plan-2024-03-15.pdf');
    expect(exportFileName('Plan', day, 'pdf', 'Pacific/Kiritimati').ascii).toBe('taskaty-plan-2024-03-16.pdf');
    expect(exportFileName('Plan', new Date('2024-03-15T06:30:00Z'), 'docx', 'America/Los_Angeles').unicode).toBe(
      'taskaty-plan-2024-03-14.docx',
    );
    expect(exportFileName('Plan', day, 'pdf', null).ascii).toBe('taskaty-plan-2024-03-15.pdf');
  });

  test('accents stay in the readable name and are folded in the ASCII one', () => {
    const name = exportFileName('Café Résumé für Straße', day, 'pdf');
    expect(name.unicode).toBe('taskaty-café-résumé-für-straße-2024-03-15.pdf');
    expect(name.ascii).toBe('taskaty-cafe-resume-fur-strasse-2024-03-15.pdf');
  });

  test('Arabic and Hindi titles keep a readable name, with vowel signs intact', () => {
    const arabic = exportFileName('خطة الإطلاق', day, 'docx');
    expect(arabic.unicode).toBe('taskaty-خطة-الإطلاق-2024-03-15.docx');
    expect(arabic.ascii).toBe('taskaty-task-2024-03-15.docx');
    expect(exportFileName('हिन्दी में लॉन्च', day, 'pdf').unicode).toBe('taskaty-हिन्दी-में-लॉन्च-2024-03-15.pdf');
  });

  test('path separators, reserved and control characters never reach the file name', () => {
    for (const title of [
      '../../etc/passwd',
      'a\\b:c*d?e"f<g>h|i',
      'tab\there\u0000nul\r\nline',
      'CON',
      '  . . ',
      '<script>alert(1)</script>',
    ]) {
      const name = exportFileName(title, day, 'pdf');
      for (const value of [name.unicode, name.ascii]) {
        // eslint-disable-next-line no-control-regex -- asserting that no control character gets through
        expect(value).toMatch(/^taskaty-[^/\\:*?"<>|\s\u0000-\u001f]+-2024-03-15\.pdf$/);
        expect(value).not.toContain('..');
        expect(value).not.toMatch(/--/);
      }
    }
    expect(exportFileName('  . . ', day, 'pdf').unicode).toBe('taskaty-task-2024-03-15.pdf');
  });

  test('long titles are shortened between characters, well under file-system limits', () => {
    const name = exportFileName('क्षत्रिय '.repeat(40), day, 'pdf');
    expect(Buffer.byteLength(name.unicode)).toBeLessThan(255);
    const title = name.unicode.slice('taskaty-'.length, -'-2024-03-15.pdf'.length);
    expect(title.endsWith('-')).toBe(false);
    expect('क्षत्रिय-'.repeat(40).startsWith(title)).toBe(true);
    // Never cut inside a conjunct: the name ends with a whole grapheme cluster of the word.
    const clusters = [...new Intl.Segmenter('hi', { granularity: 'grapheme' }).segment(title)].map((s) => s.segment);
    expect(['क्ष', 'त्रि', 'य']).toContain(clusters.at(-1));
  });

  test('Content-Disposition carries the ASCII name and the UTF-8 name (RFC 5987)', () => {
    const name = exportFileName('خطة الإطلاق (v2)', day, 'pdf');
    const header = contentDisposition(name);
    expect(header).toMatch(/^attachment; filename="taskaty-v2-2024-03-15\.pdf"; filename\*=UTF-8''[A-Za-z0-9%!#$&+\-.^_`|~]+$/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)![1]!;
    expect(decodeURIComponent(encoded)).toBe(name.unicode);
  });
});
