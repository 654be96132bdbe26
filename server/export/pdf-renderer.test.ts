import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from '../../common/locales.ts';
import { pdfImages, solidPng, withAttachments } from '../../tests/support/export-attachments.ts';
import { buildExportDocument } from './export-document.ts';
import { mixedScriptSample, typicalTaskSample } from './export-samples.ts';
import { EXPORT_TEXTS, fillTemplate } from './export-texts.ts';
import type { TaskExportData } from './export.types.ts';
import { renderPdf } from './pdf-renderer.ts';

let directory: string;
beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'taskaty-pdf-'));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let counter = 0;
/** Text as poppler's pdftotext extracts it, in reading layout. */
function pdfText(pdf: Buffer): string {
  const file = join(directory, `export-${++counter}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box, from `pdftotext -bbox`. */
function pdfWords(pdf: Buffer): { pages: { width: number; height: number }[]; words: Word[] } {
  const file = join(directory, `export-${++counter}.pdf`);
  writeFileSync(file, pdf);
  const html = execFileSync('/usr/bin/pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const pages: { width: number; height: number }[] = [];
  const words: Word[] = [];
  for (const part of html.split('<page ').slice(1)) {
    const [, width, height] = /width="([\d.]+)" height="([\d.]+)"/.exec(part)!;
    pages.push({ width: Number(width), height: Number(height) });
    for (const match of part.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      words.push({
        page: pages.length,
        xMin: Number(match[1]),
        yMin: Number(match[2]),
        xMax: Number(match[3]),
        yMax: Number(match[4]),
        text: match[5]!,
      });
    }
  }
  return { pages, words };
}

const render = (data: TaskExportData) => renderPdf(buildExportDocument(data));

/** Asserts each snippet occurs after the previous one. */
function expectInOrder(text: string, snippets: readonly string[]) {
  let from = 0;
  for (const snippet of snippets) {
    const at = text.indexOf(snippet, from);
    expect(at, `"${snippet}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + snippet.length;
  }
}

describe('PDF export', () => {
  let mixed: Buffer;
  let mixedText: string;
  beforeAll(async () => {
    mixed = await render(mixedScriptSample('en'));
    mixedText = pdfText(mixed);
  });

  test('is a complete PDF with the product name, the title, document info and page numbers', () => {
    expect(mixed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(mixed.subarray(-8).toString('latin1')).toContain('%%EOF');
    expectInOrder(mixedText, ['Taskaty', 'Exported Mar 15, 2024', 'Launch Taskaty in Arabic', 'Page 1 of 2', 'Page 2 of 2']);
    expect(mixedText).toContain('إطلاق تاسكاتي');
    expect(mixedText).toContain('में लॉन्च');
  });

  test('shows the metadata: status, priority, overdue due date, labels, dates, owner and people', () => {
    expectInOrder(mixedText, [
      'Status',
      'In progress',
      'Priority',
      'High',
      'Due date',
      'Mar 10, 2024',
      'Overdue',
      'Labels',
      'release',
      'ترجمة',
      'अनुवाद',
      'diseño',
      'Created',
      'Feb 28, 2024, 8:15 AM UTC',
      'Updated',
      'Mar 14, 2024, 5:45 PM UTC',
      'Owner',
      'Amira Haddad',
      'amira@example.com',
      'Shared with',
      'Priya Sharma',
      'priya@example.com',
      'Accepted',
      'خالد العمري',
      'khalid@example.com',
      'Pending',
      'Zoë Lefèvre',
    ]);
  });

  test('finds every heading, list item, table cell and comment in order, Arabic and Hindi included', () => {
    expectInOrder(mixedText, [
      'Description',
      'Launch plan —',
      'लॉन्च योजना',
      'Café résumé for the naïve reviewer',
      'भारत',
      'Steps',
      'Prepare the notes',
      'Translate into हिन्दी (क्षत्रिय, द्वार, श्री)',
      'Review the glossary',
      'راجع المسرد',
      'Nested number one',
      'Nested number two',
      'Publish',
      'Design approved',
      'QA sign-off — गुणवत्ता जाँच पूरी करें',
      'Señalar los vínculos rotos',
      'Budget',
      'Item',
      'Owner',
      'Cost',
      'Hosting',
      'Amira',
      'أميرة',
      '1,200 €',
      'अनुवाद (translation)',
      'प्रिया',
      '₹ 45,000',
      'Design',
      'Zoë',
      '800 €',
      "Quote: «Le succès n'est pas final.»",
      'Code — कोड',
      'export function greet(name: string) {',
      'return `Hello, ${name}!',
      'नमस्ते',
      '<script>alert("xss")</script> stays text',
      'फ़ाइनल चरण: सभी टीमें शुक्रवार तक तैयार रहें।',
      'Comments (4)',
      'Priya Sharma',
      'अनुवाद लगभग तैयार है। Glossary review pending.',
      'Second line of the same paragraph.',
      'خالد العمري',
      'شكراً! سأراجع النص العربي',
      'Zoë Lefèvre',
      'Les maquettes sont prêtes — voir le dossier « Design ».',
      '<b>not bold</b> & <img src=x onerror=alert(1)>',
      'Amira Haddad',
      'Great, merci Zoë!',
    ]);
    const arabic = ['خطة', 'الإطلاق', 'مستخدمين', 'جدد', 'عُمان', 'البوابة', 'الخطوات', 'إعداد', 'الملاحظات', 'المرحلة', 'تمت', 'الموافقة'];
    const more = ['التصميم', 'الميزانية', 'تشرشل', 'مرحبا', 'النهائية', 'جاهزة', 'بحلول', 'الجمعة', 'سأراجع', 'العربي'];
    for (const word of [...arabic, ...more]) expect(mixedText, word).toContain(word);
    for (const word of ['लॉन्च', 'योजना', 'भारत', 'हिन्दी', 'क्षत्रिय', 'द्वार', 'श्री', 'गुणवत्ता', 'जाँच', 'कोड', 'नमस्ते', 'शुक्रवार']) {
      expect(mixedText, word).toContain(word);
    }
  });

  test('hostile content is inert: no scripts or actions, and only http(s) links', () => {
    const raw = mixed.toString('latin1');
    expect(raw).not.toMatch(/\/(JavaScript|JS|Launch|OpenAction|SubmitForm|ImportData)\b/);
    const uris = [...raw.matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);
    expect(uris).toEqual(expect.arrayContaining(['https://example.com/handbook', 'https://example.com/ar']));
    for (const uri of uris) expect(uri).toMatch(/^(https?:|mailto:)/);
    expect(mixedText).toContain('[a bad link](javascript:alert(1))');
  });

  test.each(LANGUAGE_CODES)('prints its labels in %s', async (language) => {
    const texts = EXPORT_TEXTS[language];
    const data = typicalTaskSample(language);
    const text = pdfText(await render(data));
    for (const label of [
      texts.status,
      texts.priority,
      texts.dueDate,
      texts.labels,
      texts.owner,
      texts.description,
      texts.priorities.medium,
    ]) {
      expect(text, label).toContain(label);
    }
    expect(text).toContain('Prepare the quarterly review');
    if (language !== 'ar') expect(text).toContain(fillTemplate(texts.pageOf, { page: 1, pages: 1 }));
  });

  test('an Arabic export lays out from the right: labels on the right, values to their left', async () => {
    const { words, pages } = pdfWords(await render(typicalTaskSample('ar')));
    const page = pages[0]!;
    // -bbox lists words as drawn, so right-to-left words come out reversed.
    const label = words.find((w) => [...w.text].reverse().join('') === 'الحالة')!;
    expect(label.xMax).toBeGreaterThan(page.width - 70);
    const owner = words.find((w) => w.text === 'Jordan')!;
    expect(owner.xMax).toBeLessThan(label.xMin);
    const brand = words.find((w) => w.text === 'Taskaty')!;
    expect(brand.xMax).toBeGreaterThan(page.width - 70);
  });

  test('a repeating task shows its rule in words after the due date, in Hindi and Arabic too (issue 21)', async () => {
    for (const [language, rule, from, words] of [
      ['en', 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH', 'due_date', ['Due date', 'Repeats', 'Every Monday and Thursday', 'Labels']],
      ['hi', 'FREQ=DAILY;INTERVAL=3', 'completion', ['दोहराव', 'हर 3 दिन, हर बार पूरा करने से गिना गया']],
      // Laid out from the right, the value comes first on its line.
      ['ar', 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH', 'due_date', ['تاريخ الاستحقاق', 'كل أسبوع في الاثنين والخميس', 'يتكرر']],
    ] as const) {
      const data = typicalTaskSample(language);
      data.task = { ...data.task, recurrence: rule, recurrence_from: from };
      expectInOrder(pdfText(await render(data)), words);
    }
  });

  test('without a description or comments it says so', async () => {
    const data = typicalTaskSample('en');
    data.task.description = '   ';
    data.comments = [];
    const text = pdfText(await render(data));
    expectInOrder(text, ['Description', 'No description', 'Comments', 'No comments']);
  });

  test('a long task paginates cleanly: every block present, every word inside the page margins', async () => {
    const sections = Array.from({ length: 6 }, (_, i) =>
      [
        `## Section ${i + 1} — القسم ${i + 1} — खंड ${i + 1}`,
        `Paragraph ${i + 1}: ${'Lorem ipsum dolor sit amet, مستخدمين جدد consectetur adipiscing elit, भारत में लॉन्च sed do eiusmod tempor. '.repeat(4)}`,
        Array.from({ length: 8 }, (_, k) => `- Item ${i + 1}.${k + 1} with some words to wrap across the line`).join('\n'),
        `> Quote ${i + 1}: ${'a quoted sentence that goes on and on; '.repeat(6)}`,
        '| Name | Value | Notes |\n|---|---:|---|\n' +
          Array.from({ length: 10 }, (_, k) => `| Row ${i + 1}.${k + 1} | ${k * 100} | note ${'x'.repeat(k * 6)} |`).join('\n'),
        '```\n' + Array.from({ length: 30 }, (_, k) => `line ${i + 1}.${k + 1} ${'='.repeat(k * 2)}`).join('\n') + '\n```',
        `https://example.com/${'very-long-path-segment/'.repeat(12)}end-${i + 1}`,
      ].join('\n\n'),
    );
    const data = mixedScriptSample('en');
    data.task.description = `${sections.join('\n\n')}\n\nThe very last paragraph.`;
    expect(data.task.description.length).toBeLessThanOrEqual(20_000);
    data.comments = Array.from({ length: 25 }, (_, i) => ({
      ...data.comments[0]!,
      id: 100 + i,
      content: `Comment number ${i + 1}. ${'Some discussion text here. '.repeat(5)}`,
      children: [],
    }));

    const pdf = await render(data);
    const text = pdfText(pdf);
    const { pages, words } = pdfWords(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(6);
    for (let i = 1; i <= pages.length; i++) expect(text).toContain(`Page ${i} of ${pages.length}`);
    expectInOrder(text, [
      ...Array.from({ length: 6 }, (_, i) => [
        `Section ${i + 1}`,
        `Item ${i + 1}.8`,
        `Row ${i + 1}.10`,
        `line ${i + 1}.30`,
        `end-${i + 1}`,
      ]).flat(),
      'The very last paragraph.',
      'Comment number 25.',
    ]);
    for (const word of words) {
      const page = pages[word.page - 1]!;
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(50);
      expect(word.xMax, word.text).toBeLessThanOrEqual(page.width - 50);
      expect(word.yMin, word.text).toBeGreaterThanOrEqual(20);
      expect(word.yMax, word.text).toBeLessThanOrEqual(page.height - 20);
    }
    // Body text stays between the header band and the footer on every page.
    const footerTop = pages[0]!.height - 45;
    for (const word of words) {
      const inHeader = word.yMax < 50;
      const inFooter = word.yMin > footerTop;
      if (!inHeader && !inFooter) {
        expect(word.yMin, word.text).toBeGreaterThan(60);
        expect(word.yMax, word.text).toBeLessThan(footerTop - 5);
      }
    }
  });
});

describe('attachments in the PDF (issue 24)', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await solidPng(400, 200);
  });
  const withFiles = (language: TaskExportData['language']) =>
    withAttachments(typicalTaskSample(language), { bytes: png, width: 400, height: 200 });

  /** The colour of a pixel of a page rendered at 72 dpi (one pixel a point). */
  const pixelAt = async (pdf: Buffer, page: number, x: number, y: number) => {
    const file = join(directory, `export-${++counter}.pdf`);
    writeFileSync(file, pdf);
    const out = join(directory, `page-${counter}`);
    execFileSync('/usr/bin/pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), '-singlefile', '-png', file, out]);
    const { data, info } = await sharp(`${out}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return [...data.subarray(at, at + 3)];
  };

  test('lists each file after the description and before the comments: name, size, who and when, a drive file’s link', async () => {
    const pdf = await render(withFiles('en'));
    const text = pdfText(pdf);
    expectInOrder(text, [
      'Description',
      'Before the board',
      'After the board [elsewhere]',
      'Attachments (3)',
      'whiteboard.png',
      '47 kB · added by Amira Haddad · Mar 3, 2026, 10:00 AM UTC',
      'ميزانية الربع',
      '2.3 MB',
      'أمير حداد',
      'Roadmap 2026.pdf',
      'added by Rahul Verma · Mar 5, 2026, 9:15 AM UTC',
      'https://drive.example.com/file/d/roadmap-2026/view',
      'whiteboard.png',
      'Comments (2)',
    ]);
    const uris = [...pdf.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);
    expect(uris).toContain('https://drive.example.com/file/d/roadmap-2026/view');
  });

  test('in Arabic the section and its names read in their scripts', async () => {
    const text = pdfText(await render(withFiles('ar')));
    for (const expected of ['المرفقات', 'whiteboard.png', 'ميزانية الربع', 'أضافه', 'أمير حداد', 'Roadmap 2026.pdf', 'roadmap-2026']) {
      expect(text, expected).toContain(expected);
    }
  });

  test('the attached PNG is one image, drawn where the description shows it and under the list; another task’s is not', async () => {
    const pdf = await render(withFiles('en'));
    const images = pdfImages(pdf);
    expect(images).toHaveLength(2);
    expect(new Set(images.map((image) => image.object)).size).toBe(1);
    expect(images[0]).toMatchObject({ width: 400, height: 200 });
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);

    // Between "Before the board" and "After the board", at its size (300 × 150 pt), on the start side.
    const { words } = pdfWords(pdf);
    const before = words.find((word) => word.text === 'Before')!;
    const after = words.find((word) => word.text === 'After')!;
    expect(after.page).toBe(before.page);
    expect(after.yMin - before.yMax).toBeGreaterThan(150);
    const middle = (before.yMax + after.yMin) / 2;
    expect(await pixelAt(pdf, before.page, before.xMin + 150, middle)).toEqual([0x33, 0x66, 0xcc]);
    expect(await pixelAt(pdf, before.page, before.xMin + 330, middle)).toEqual([0xff, 0xff, 0xff]);
  });

  test('a task without files has no section and no images', async () => {
    const pdf = await render(typicalTaskSample('en'));
    expect(pdfText(pdf)).not.toContain('Attachments');
    expect(pdfImages(pdf)).toEqual([]);
  });

  test('a list item that starts a new page keeps its marker there, not in the page header', async () => {
    const data = typicalTaskSample('en');
    data.task.description = Array.from({ length: 120 }, (_, i) => `- item ${i + 1}`).join('\n');
    const { words } = pdfWords(await render(data));
    const bullets = words.filter((word) => word.text === '•');
    expect(bullets.length).toBeGreaterThanOrEqual(120);
    for (const bullet of bullets) expect(bullet.yMin).toBeGreaterThan(70);
  });
});
