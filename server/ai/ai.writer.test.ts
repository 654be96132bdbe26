import { expect, test } from 'vitest';
import { loadAiConfig } from './ai.config.ts';
import { createAiWriter } from './ai.writer.ts';

test('without AI_BASE_URL the built-in writer answers, and says so', async () => {
  const writer = createAiWriter(loadAiConfig({}));
  expect(writer.describe()).toEqual({ kind: 'builtin' });
  expect(await writer.generateDescription({ title: 'Buy milk', language: 'en' })).toContain('- [ ] ');
});

test('with AI_BASE_URL the OpenAI-compatible provider answers, described by model and host without the key', () => {
  const writer = createAiWriter(
    loadAiConfig({ AI_BASE_URL: 'http://gpu-box.internal:8000/v1', AI_API_KEY: 'secret-key', AI_MODEL: 'Qwen2.5-7B-Instruct' }),
  );
  expect(writer.describe()).toEqual({ kind: 'openai-compatible', model: 'Qwen2.5-7B-Instruct', baseUrlHost: 'gpu-box.internal:8000' });
  expect(JSON.stringify(writer.describe())).not.toContain('secret-key');
});
