import { describe, expect, test } from 'vitest';
import { LIMITS } from '../../common/limits.ts';
import { AiProviderError } from './ai.errors.ts';
import type { AiWriter } from './ai.types.ts';
import { createOfflineWriter } from './offline/offline.writer.ts';
import { withSanitizedOutput } from './sanitized.writer.ts';

const HOSTILE_TITLE = 'Write <img src=x onerror=alert(1)> the report\u202E <script>alert(2)</script>\u0007<svg onload=alert(3)>';
const HOSTILE_DESCRIPTION = 'First line\u0007 <iframe src="https://evil.example"></iframe>\n- step <b onmouseover=alert(4)>two</b>\u202E';
// eslint-disable-next-line no-control-regex -- control characters are what must not come out
const HOSTILE = /<[a-zA-Z/!?]|alert|evil\.example|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

async function collect(deltas: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const delta of deltas) text += delta;
  return text;
}

/** A writer that answers `text` for every operation, streamed in pieces of `size` characters. */
function fixedWriter(text: string | (() => AsyncGenerator<string>), size = 7): AiWriter {
  async function* pieces() {
    if (typeof text !== 'string') return yield* text();
    for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
  }
  const once = async () => (typeof text === 'string' ? text : collect(text()));
  return {
    generateDescription: once,
    generateDescriptionStream: pieces,
    rewriteDescription: once,
    rewriteDescriptionStream: pieces,
    generateContent: once,
    generateContentStream: pieces,
    describe: () => ({ kind: 'builtin' }),
  };
}

describe('every writer through the output sanitizer', () => {
  const offline = createOfflineWriter();
  const writer = withSanitizedOutput(offline);
  const request = { title: HOSTILE_TITLE, description: HOSTILE_DESCRIPTION, language: 'en' as const };

  test('the built-in writer quotes a hostile title as it is; wrapped, its output is clean', async () => {
    // Why the wrapper exists: the offline writer copies the user's words.
    expect(await offline.generateDescription(request)).toMatch(HOSTILE);
    for (const [once, stream] of [
      [writer.generateDescription, writer.generateDescriptionStream],
      [writer.rewriteDescription, writer.rewriteDescriptionStream],
      [writer.generateContent, writer.generateContentStream],
    ] as const) {
      const text = await once(request);
      expect(text).not.toMatch(HOSTILE);
      expect(text.length).toBeGreaterThan(0);
      // Streamed and one-shot answers agree.
      expect(await collect(stream(request))).toBe(text);
    }
    expect(await writer.generateDescription(request)).toContain('the report');
    expect(await writer.rewriteDescription(request)).toContain('two');
  });

  test('what the offline writer writes for ordinary titles is unchanged', async () => {
    for (const language of ['en', 'hi', 'ar', 'es', 'fr', 'de'] as const) {
      const plain = { title: 'Write the quarterly report', description: '- [ ] draft\n- [x] outline', language };
      expect(await writer.generateDescription(plain)).toBe(await offline.generateDescription(plain));
      expect(await writer.rewriteDescription(plain)).toBe(await offline.rewriteDescription(plain));
      expect(await writer.generateContent(plain)).toBe(await offline.generateContent(plain));
    }
  });

  test('an answer with nothing usable left is the provider failure "empty", one-shot and streamed', async () => {
    const blank = withSanitizedOutput(fixedWriter('  <script>alert(1)</script> <!-- x --> '));
    await expect(blank.generateContent(request)).rejects.toSatisfy((error) => error instanceof AiProviderError && error.reason === 'empty');
    await expect(collect(blank.generateContentStream(request))).rejects.toSatisfy(
      (error) => error instanceof AiProviderError && error.reason === 'empty',
    );
  });

  test('a stream is capped at the description limit and the writer’s stream is closed', async () => {
    let closed = false;
    const endless = withSanitizedOutput(
      fixedWriter(async function* () {
        try {
          for (;;) yield 'word '.repeat(200);
        } finally {
          closed = true;
        }
      }),
    );
    const text = await collect(endless.generateDescriptionStream(request));
    expect(text.length).toBeLessThanOrEqual(LIMITS.taskDescriptionMax);
    expect(text.length).toBeGreaterThan(LIMITS.taskDescriptionMax - 10);
    expect(closed).toBe(true);
  });
});
