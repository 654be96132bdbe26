import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from '../../common/locales.ts';
import { renderDocx } from './docx-renderer.ts';
import { renderPdf } from './pdf-renderer.ts';
import { buildExportDocument } from './export-document.ts';
import { mixedScriptSample, onePageTaskSample, typicalTaskSample, type SampleScript } from './export-samples.ts';
import { EXPORT_TEXTS } from './export-texts.ts';
import * as fontkit from 'fontkit';
import { fontFilePath } from './fonts.ts';
import { expectSameShaping } from '../../tests/support/same-shaping.ts';
import { documentText } from '../../tests/support/docx-text.ts';
import { docxMedia, solidPng, withAttachments } from '../../tests/support/export-attachments.ts';

let directory: string;
beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'taskaty-docx-'));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let counter = 0;
/** Opens the package with Info-ZIP, an independent reader: `unzip -t` validates every entry's CRC. */
function unzip(docx: Buffer) {
  const file = join(directory, `export-${++counter}.docx`);
  writeFileSync(file, docx);
  // unzip reads member names as wildcard patterns.
  const literal = (part: string) => part.replace(/[[\]*?\\]/g, '\\$&');
  return {
    test: () => execFileSync('/usr/bin/unzip', ['-t', file], { encoding: 'utf8' }),
    list: () => execFileSync('/usr/bin/unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean),
    text: (part: string) => execFileSync('/usr/bin/unzip', ['-p', file, literal(part)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
    bytes: (part: string) => execFileSync('/usr/bin/unzip', ['-p', file, literal(part)], { maxBuffer: 64 * 1024 * 1024 }),
  };
}

const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The text of each paragraph of a part, in document order. */
function paragraphs(xml: string): string[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) =>
    decodeXml([...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:(tab|br)\/>/g)].map((m) => (m[2] ? ' ' : (m[1] ?? ''))).join('')),
  );
}

function expectInOrder(items: readonly string[], snippets: readonly string[]) {
  let index = 0;
  for (const snippet of snippets) {
    const found = items.findIndex((item, i) => i >= index && item.includes(snippet));
    expect(found, `"${snippet}" at or after paragraph ${index}`).toBeGreaterThanOrEqual(0);
    index = found;
  }
}

describe('Word export', () => {
  let docx: Buffer;
  let pkg: ReturnType<typeof unzip>;
  let body: string;
  let texts: string[];
  beforeAll(async () => {
    docx = await renderDocx(buildExportDocument(mixedScriptSample('en')));
    pkg = unzip(docx);
    body = pkg.text('word/document.xml');
    texts = paragraphs(body);
  });

  test('is a valid .docx package: a zip with the Word parts, every CRC correct', () => {
    expect(docx.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(pkg.test()).toMatch(/No errors detected/);
    expect(pkg.list()).toEqual(
      expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/styles.xml', 'word/fontTable.xml']),
    );
    expect(pkg.text('[Content_Types].xml')).toContain('wordprocessingml.document.main+xml');
  });

  test('finds every heading, list item, table cell and comment in order, Arabic and Hindi included', () => {
    expectInOrder(texts, [
      'Launch Taskaty in Arabic — إطلاق تاسكاتي — हिन्दी में लॉन्च',
      'Status',
      'In progress',
      'Overdue',
      'ترجمة',
      'Description',
      'Launch plan — خطة الإطلاق — लॉन्च योजना',
      'ships to مستخدمين جدد in भारत and عُمان on Friday',
      'Steps — الخطوات',
      'Prepare the notes — إعداد الملاحظات',
      'Translate into हिन्दी (क्षत्रिय, द्वार, श्री)',
      'Review the glossary',
      'راجع المسرد (المرحلة 2)',
      'Nested number one',
      'Nested number two',
      'Publish',
      'Design approved — تمت الموافقة على التصميم',
      'QA sign-off — गुणवत्ता जाँच पूरी करें',
      'Señalar los vínculos rotos',
      'Budget — الميزانية',
      'Item',
      'Owner',
      'Cost',
      'Hosting',
      'Amira أميرة',
      '1,200 €',
      'अनुवाद (translation)',
      'प्रिया',
      '₹ 45,000',
      'Zoë',
      '800 €',
      "Quote: «Le succès n'est pas final.» — والنجاح ليس نهائياً (تشرشل).",
      'Code — कोड',
      'export function greet(name: string) {',
      '<script>alert("xss")</script> stays text, and so does [a bad link](javascript:alert(1)).',
      'फ़ाइनल चरण: सभी टीमें शुक्रवार तक तैयार रहें। المرحلة النهائية',
      'Comments (4)',
      'Priya Sharma',
      'अनुवाद लगभग तैयार है। Glossary review pending.',
      'خالد العمري',
      'شكراً! سأراجع النص العربي غداً (الساعة 10).',
      'Zoë Lefèvre',
      '<b>not bold</b> & <img src=x onerror=alert(1)>',
      'Amira Haddad',
      'Great, merci Zoë!',
    ]);
  });

  test('a repeating task shows its rule in words after the due date, in Arabic and Hindi too (issue 21)', async () => {
    for (const [language, rule, from, words] of [
      ['en', 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH', 'due_date', ['Due date', 'Repeats', 'Every Monday and Thursday', 'Labels']],
      ['ar', 'FREQ=DAILY;INTERVAL=3', 'completion', ['تاريخ الاستحقاق', 'يتكرر', 'كل 3 أيام، محسوبًا من كل إكمال', 'التصنيفات']],
      ['hi', 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH', 'due_date', ['नियत तिथि', 'दोहराव', 'हर सोमवार और गुरुवार', 'लेबल']],
    ] as const) {
      const data = typicalTaskSample(language);
      data.task = { ...data.task, recurrence: rule, recurrence_from: from };
      expectInOrder(paragraphs(unzip(await renderDocx(buildExportDocument(data))).text('word/document.xml')), words);
    }
  });

  test('numbered, bullet and task list markers are written out', () => {
    expect(texts.find((t) => t.includes('Prepare the notes'))).toMatch(/^1\. /);
    expect(texts.find((t) => t.includes('Review the glossary'))).toMatch(/^◦ /);
    expect(texts.find((t) => t.includes('Design approved'))).toMatch(/^☑ /);
    expect(texts.find((t) => t.includes('QA sign-off'))).toMatch(/^☐ /);
  });

  test('Arabic runs are right-to-left in the Arabic font; RTL paragraphs are bidirectional; Devanagari has its font', () => {
    const runs = [...body.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map((m) => m[1]!);
    const arabicRun = runs.find((r) => r.includes('>خالد العمري<'))!;
    expect(arabicRun).toContain('<w:rtl/>');
    expect(arabicRun).toMatch(/w:ascii="Noto Sans Arabic"[^>]*w:cs="Noto Sans Arabic"|w:cs="Noto Sans Arabic"/);
    const hindiRun = runs.find((r) => r.includes('गुणवत्ता'))!;
    expect(hindiRun).toContain('w:cs="Noto Sans Devanagari"');
    expect(hindiRun).not.toContain('<w:rtl/>');
    const latinRun = runs.find((r) => r.includes('>QA sign-off — <'))!;
    expect(latinRun).not.toContain('<w:rtl/>');
    const replyParagraph = [...body.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => m[0]).find((p) => p.includes('سأراجع'))!;
    expect(replyParagraph).toContain('<w:bidi/>');
  });

  test('embeds subsets of Noto Sans Arabic and Devanagari that draw every run of theirs as the whole faces do', () => {
    const fontTable = pkg.text('word/fontTable.xml');
    const rels = pkg.text('word/_rels/fontTable.xml.rels');
    expect(pkg.text('[Content_Types].xml')).toContain('Extension="odttf"');
    expect(pkg.text('word/settings.xml')).toContain('<w:embedTrueTypeFonts/>');
    const expected = {
      'Noto Sans Arabic': ['arabic-regular', 'arabic-bold'],
      'Noto Sans Devanagari': ['devanagari-regular', 'devanagari-bold'],
    } as const;
    const runs = [...body.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map((m) => m[1]!);
    for (const [family, keys] of Object.entries(expected)) {
      const entry = new RegExp(`<w:font w:name="${family}">([\\s\\S]*?)</w:font>`).exec(fontTable)![1]!;
      for (const [face, key] of [
        ['Regular', keys[0]],
        ['Bold', keys[1]],
      ] as const) {
        const [, id, fontKey] = new RegExp(`<w:embed${face} r:id="([^"]+)" w:fontKey="\\{([^}]+)\\}" w:subsetted="1"/>`).exec(entry)!;
        const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)![1]!;
        const stored = Buffer.from(pkg.bytes(`word/${target}`));
        // De-obfuscate (ECMA-376 Part 2): the first 32 bytes XORed with the key's bytes in reverse order.
        const keyBytes = Buffer.from(fontKey!.replace(/-/g, ''), 'hex').reverse();
        for (let i = 0; i < 32; i++) stored[i]! ^= keyBytes[i % 16]!;
        const whole = fontkit.create(readFileSync(fontFilePath(key)));
        const subset = fontkit.create(stored);
        expect(subset.familyName, `${family} ${face}`).toBe(family);
        expect(stored.length, `${family} ${face}`).toBeLessThan(readFileSync(fontFilePath(key)).length * 0.7);

        // Every run Word draws in this face: same glyphs, same positions, same outlines, every character mapped.
        const texts = runs
          .filter((run) => run.includes(`w:cs="${family}"`) && run.includes('<w:b/>') === (face === 'Bold'))
          .map((run) => decodeXml([...run.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')))
          .filter(Boolean);
        expect(texts.length, `${family} ${face} runs`).toBeGreaterThan(0);
        for (const text of texts) {
          for (const char of text) expect(subset.hasGlyphForCodePoint(char.codePointAt(0)!), `${family} ${face} maps ${char}`).toBe(true);
          expectSameShaping(whole, subset, text);
        }
      }
    }
  });

  test('has a header with the product name and a footer with live page numbers', () => {
    const parts = pkg.list();
    const header = parts
      .filter((p) => /word\/header\d*\.xml/.test(p))
      .map((p) => pkg.text(p))
      .join('');
    const footer = parts
      .filter((p) => /word\/footer\d*\.xml/.test(p))
      .map((p) => pkg.text(p))
      .join('');
    expect(paragraphs(header).join(' ')).toContain('Taskaty');
    expect(footer).toMatch(/PAGE/);
    expect(footer).toMatch(/NUMPAGES/);
    expect(paragraphs(footer).join(' ')).toContain('Page');
  });

  test('links point only at http(s) targets; hostile markup is text', () => {
    const targets = [...pkg.text('word/_rels/document.xml.rels').matchAll(/Target="([^"]+)"[^>]*TargetMode="External"/g)].map((m) => m[1]);
    expect(targets).toEqual(expect.arrayContaining(['https://example.com/handbook', 'https://example.com/ar']));
    for (const target of targets) expect(target).toMatch(/^(https?:|mailto:)/);
    expect(body).not.toContain('<script>');
    expect(body).toContain('&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;');
  });

  test.each(LANGUAGE_CODES)('prints its labels in %s', async (language) => {
    const texts = EXPORT_TEXTS[language];
    const doc = unzip(await renderDocx(buildExportDocument(typicalTaskSample(language))));
    const all = paragraphs(doc.text('word/document.xml')).join('\n');
    for (const label of [texts.status, texts.priority, texts.dueDate, texts.labels, texts.owner, texts.description, texts.comments]) {
      expect(all, label).toContain(label);
    }
    const footer = doc
      .list()
      .filter((p) => /word\/footer\d*\.xml/.test(p))
      .map((p) => paragraphs(doc.text(p)).join(''))
      .join('');
    expect(footer).toContain(texts.pageOf.slice(0, texts.pageOf.indexOf('{page}')).trim());
    if (language === 'ar') expect(doc.text('word/document.xml')).toContain('<w:bidiVisual/>');
  });
});

describe('Word files embed only what they use', () => {
  // The budget: a one-page task in any script. Before, every file carried both Arabic and both Devanagari faces
  // whole (~377 kB, a Latin task too).
  const BUDGET = 100 * 1024;
  const expectedFaces: Record<SampleScript, string[]> = {
    latin: [],
    arabic: ['Noto Sans Arabic'],
    devanagari: ['Noto Sans Devanagari'],
    mixed: ['Noto Sans Arabic', 'Noto Sans Devanagari'],
  };

  test.each(Object.keys(expectedFaces) as SampleScript[])(
    'a one-page %s task is at most 100 kB, with only its scripts embedded',
    async (script) => {
      const model = buildExportDocument(onePageTaskSample(script));
      // One page as the PDF lays it out: pdfkit writes each page's dictionary uncompressed.
      const pdf = (await renderPdf(model)).toString('latin1');
      expect(pdf.match(/\/Type \/Page\b(?!s)/g), 'pages').toHaveLength(1);

      const docx = await renderDocx(model);
      expect(docx.length).toBeLessThanOrEqual(BUDGET);
      const pkg = unzip(docx);
      expect(pkg.test()).toMatch(/No errors detected/);
      const fontTable = pkg.text('word/fontTable.xml');
      const embedded = [...fontTable.matchAll(/<w:font w:name="([^"]+)">(?:(?!<\/w:font>)[\s\S])*?<w:embed/g)].map((m) => m[1]);
      expect(embedded).toEqual(expectedFaces[script]);
      const parts = pkg.list().filter((part) => part.startsWith('word/fonts/'));
      const referenced = (fontTable.match(/<w:embed(?:Regular|Bold)\b/g) ?? []).length;
      expect(parts).toHaveLength(referenced);
      if (script === 'latin') expect(pkg.text('word/settings.xml')).not.toContain('<w:embedTrueTypeFonts/>');
    },
  );
});

describe('attachments in the Word export (issue 24)', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await solidPng(400, 200);
  });
  const withFiles = (language: 'en' | 'ar') => withAttachments(typicalTaskSample(language), { bytes: png, width: 400, height: 200 });

  test('lists each file after the description and before the comments, in Latin and Arabic script, with a drive file’s link', async () => {
    const docx = await renderDocx(buildExportDocument(withFiles('en')));
    const pkg = unzip(docx);
    expect(pkg.test()).toMatch(/No errors detected/);
    // The direction marks that keep a name and a date apart are invisible.
    const texts = paragraphs(pkg.text('word/document.xml')).map((text) => text.replace(/[\u200e\u200f]/g, ''));
    expectInOrder(texts, [
      'Description',
      'Before the board',
      'After the board [elsewhere]',
      'Attachments (3)',
      'whiteboard.png',
      '47 kB · added by Amira Haddad · Mar 3, 2026, 10:00 AM UTC',
      'ميزانية الربع.xlsx',
      '2.3 MB · added by أمير حداد · Mar 4, 2026, 11:30 AM UTC',
      'Roadmap 2026.pdf',
      'added by Rahul Verma · Mar 5, 2026, 9:15 AM UTC',
      'https://drive.example.com/file/d/roadmap-2026/view',
      'whiteboard.png',
      'Comments (2)',
    ]);
    expect(pkg.text('word/_rels/document.xml.rels')).toContain('Target="https://drive.example.com/file/d/roadmap-2026/view"');

    const arabic = documentText(await renderDocx(buildExportDocument(withFiles('ar'))));
    for (const expected of ['المرفقات (3)', 'whiteboard.png', 'ميزانية الربع.xlsx', 'أضافه', 'أمير حداد', 'Roadmap 2026.pdf']) {
      expect(arabic, expected).toContain(expected);
    }
  });

  test('the attached PNG is one media part, its bytes stored as they are, drawn in place and under the list', async () => {
    const docx = await renderDocx(buildExportDocument(withFiles('en')));
    const pkg = unzip(docx);
    expect(docxMedia(docx)).toEqual(['word/media/image1.png']);
    expect(pkg.bytes('word/media/image1.png').equals(png)).toBe(true);
    const xml = pkg.text('word/document.xml');
    // In place: after the paragraph before it and before the one after it; and again in the section.
    const drawings = [...xml.matchAll(/<w:drawing>/g)].map((match) => match.index);
    expect(drawings).toHaveLength(2);
    expect(drawings[0]).toBeGreaterThan(xml.indexOf('Before the board'));
    expect(drawings[0]).toBeLessThan(xml.indexOf('After the board'));
    expect(drawings[1]).toBeGreaterThan(xml.indexOf('Attachments (3)'));
    // At its size at 96 px to the inch (400 × 200 px), with its alt text and the file's name as alt texts.
    expect(xml).toContain('<wp:extent cx="3810000" cy="1905000"/>');
    expect(xml).toMatch(/<wp:docPr id="\d+" name="whiteboard" descr="whiteboard"\/>/);
    expect(xml).toMatch(/<wp:docPr id="\d+" name="whiteboard.png" descr="whiteboard.png"\/>/);
    // Another task's image keeps its alt text.
    expect(paragraphs(xml)).toContain('After the board [elsewhere]');
  });

  test('a large image is scaled to the text width', async () => {
    const wide = await solidPng(1600, 400);
    const data = withAttachments(typicalTaskSample('en'), { bytes: wide, width: 1600, height: 400 });
    const xml = unzip(await renderDocx(buildExportDocument(data))).text('word/document.xml');
    const extents = [...xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => [Number(m[1]), Number(m[2])]);
    // 9638 twips of text width = 642.5 px; EMU = px × 9525.
    for (const [cx, cy] of extents) {
      expect(cx).toBeLessThanOrEqual(Math.round(642.6 * 9525));
      expect(cy! / cx!).toBeCloseTo(0.25, 2);
    }
  });

  test('a task without files has no section and no media', async () => {
    const docx = await renderDocx(buildExportDocument(typicalTaskSample('en')));
    expect(documentText(docx)).not.toContain('Attachments');
    expect(docxMedia(docx)).toEqual([]);
  });
});
