import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createOutputSanitizer, sanitizeOutput } from './ai-output.sanitizer.ts';

const clean = (raw: string, max = 10_000) => sanitizeOutput(raw, max);

function streamed(pieces: string[], max = 10_000): string {
  const sanitizer = createOutputSanitizer(max);
  return pieces.map((p) => sanitizer.push(p)).join('') + sanitizer.end();
}

describe('model output sanitizer', () => {
  test('HTML tags go, their text stays', () => {
    expect(clean('<p>Hello <b>there</b></p><br/>')).toBe('Hello there');
    expect(clean('<a href="javascript:alert(1)" onclick="x()">link</a>')).toBe('link');
    expect(clean('<img src=x onerror=alert(1)>**Bold**')).toBe('**Bold**');
  });

  test('script-like elements, comments and <think> reasoning are dropped with their content', () => {
    expect(clean('Safe<script>alert("x")</script> text')).toBe('Safe text');
    expect(clean('A<style>body{display:none}</style>B<iframe src="//evil"></iframe>C')).toBe('ABC');
    expect(clean('<think>The user wants steps…</think>\n- [ ] Step')).toBe('- [ ] Step');
    expect(clean('Before<!-- hidden -->After')).toBe('BeforeAfter');
    expect(clean('Unclosed <script>alert(1)')).toBe('Unclosed');
  });

  test('removing a tag never glues a new tag together', () => {
    expect(clean('<<b>script>alert(1)<</b>/script>')).not.toMatch(/<\/?script/i);
    expect(streamed(['<', '<', 'b>script>x'])).not.toMatch(/<script/i);
  });

  test('a < that cannot start a tag survives; autolinks keep their address, which GFM still links', () => {
    expect(clean('Keep a < b and 3 <= 4 <3')).toBe('Keep a < b and 3 <= 4 <3');
    expect(clean('Flow: draft <- review -> ship')).toBe('Flow: draft <- review -> ship');
    expect(clean('See <https://example.com/docs> and <mail@example.com>')).toBe('See https://example.com/docs and mail@example.com');
  });

  test('a ```markdown fence around the whole answer is unwrapped; fences inside are kept', () => {
    expect(clean('```markdown\n**Goal:** ship\n\n- [ ] Tag\n```\n')).toBe('**Goal:** ship\n\n- [ ] Tag');
    expect(clean('  \n```\nPlain\n```')).toBe('Plain');
    expect(clean('Run:\n\n```sh\nnpm test\n```')).toBe('Run:\n\n```sh\nnpm test\n```');
  });

  test('control and bidi-override characters are removed, CRLF becomes LF, edges are trimmed', () => {
    expect(clean('\n\n  Line\u0000 one\r\nLine\u202e two  \n\n')).toBe('Line one\nLine two');
  });

  test('the cap cuts hard, drops the whitespace before the cut and never splits an emoji', () => {
    expect(clean('alpha beta gamma delta', 13)).toBe('alpha beta ga');
    expect(clean('alpha beta gamma delta', 11)).toBe('alpha beta');
    expect(clean('😀😀😀', 3)).toBe('😀');
  });

  test('a flood of whitespace or unclosed tags is handled in linear time', () => {
    const started = Date.now();
    expect(clean(`a${' '.repeat(200_000)}b`, 10)).toBe('a');
    expect(clean('<a '.repeat(50_000), 100)).toMatch(/^a a a[a ]*$/);
    // Quadratic handling would take minutes; this leaves room for a busy machine.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('streaming reports full at the cap so the caller can stop reading', () => {
    const sanitizer = createOutputSanitizer(10);
    expect(sanitizer.push('12345 ')).toBe('12345');
    expect(sanitizer.full).toBe(false);
    sanitizer.push('67890 abcdef');
    expect(sanitizer.full).toBe(true);
    expect(sanitizer.push('more')).toBe('');
  });

  test('tags and fences split across deltas are still recognised', () => {
    expect(streamed(['Hi <scr', 'ipt>bad()</scr', 'ipt>there'])).toBe('Hi there');
    expect(streamed(['`', '``mark', 'down\nBody\n`', '``'])).toBe('Body');
    expect(streamed(['a <', 'b>bold</', 'b> c'])).toBe('a bold c');
  });

  test('however the answer is cut into deltas, the stream equals the one-shot result', () => {
    const fragments = fc.constantFrom(
      '<b>',
      '</b>',
      '<script>x()</script>',
      '<think>hmm</think>',
      '<!-- c -->',
      ' a < b ',
      '<https://x.y>',
      '<a@b.c>',
      '<a href="x">',
      'https',
      ':',
      '```markdown\n',
      '\n```',
      '- [ ] item\n',
      'word ',
      'مرحبا ',
      'नमस्ते ',
      '\r\n',
      '  ',
      '😀',
      '`',
      '~~~\n',
      '\n',
      '<',
      '>',
      '<!--',
      '-->',
      '</think>',
      'script>',
      'b>',
      '/',
    );
    fc.assert(
      fc.property(
        fc.array(fragments, { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.integer({ min: 5, max: 200 }),
        (parts, cuts, max) => {
          const raw = parts.join('');
          const points = [...new Set(cuts.map((c) => c % (raw.length + 1)))].sort((a, b) => a - b);
          const pieces: string[] = [];
          let from = 0;
          for (const point of points) {
            pieces.push(raw.slice(from, point));
            from = point;
          }
          pieces.push(raw.slice(from));
          const oneShot = sanitizeOutput(raw, max);
          expect(streamed(pieces, max)).toBe(oneShot);
          expect(oneShot.length).toBeLessThanOrEqual(max);
          expect(oneShot).not.toMatch(/<[a-zA-Z/!?]/);
        },
      ),
      { numRuns: 300 },
    );
  });
});
