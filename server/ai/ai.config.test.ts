import { describe, expect, test } from 'vitest';
import { ConfigError } from '../config.ts';
import { loadAiConfig } from './ai.config.ts';

describe('AI configuration', () => {
  test('with nothing set, the built-in writer answers with the default limits', () => {
    expect(loadAiConfig({})).toEqual({ provider: undefined, timeoutMs: 30_000, rateLimitPerMinute: 60 });
    expect(loadAiConfig({ AI_BASE_URL: '', AI_MODEL: '', AI_TIMEOUT_MS: '', AI_RATE_LIMIT_PER_MINUTE: '' }).provider).toBeUndefined();
  });

  test('a base URL and a model select the provider; the key is optional (Ollama needs none)', () => {
    expect(
      loadAiConfig({
        AI_BASE_URL: 'http://localhost:11434/v1/',
        AI_MODEL: 'llama3.2',
        AI_TIMEOUT_MS: '60000',
        AI_RATE_LIMIT_PER_MINUTE: '5',
      }),
    ).toEqual({
      provider: { baseURL: 'http://localhost:11434/v1', apiKey: undefined, model: 'llama3.2' },
      timeoutMs: 60_000,
      rateLimitPerMinute: 5,
    });
    expect(loadAiConfig({ AI_BASE_URL: 'https://api.openai.com/v1', AI_API_KEY: 'sk-x', AI_MODEL: 'gpt-4o-mini' }).provider?.apiKey).toBe(
      'sk-x',
    );
  });

  test.each([
    [{ AI_BASE_URL: 'http://localhost:8080/v1' }, 'Invalid configuration: AI_MODEL is required when AI_BASE_URL is set'],
    [{ AI_BASE_URL: 'localhost:8080', AI_MODEL: 'm' }, 'Invalid configuration: AI_BASE_URL must be an http:// or https:// URL'],
    [{ AI_BASE_URL: 'ftp://models.example.com', AI_MODEL: 'm' }, 'Invalid configuration: AI_BASE_URL must be an http:// or https:// URL'],
    [{ AI_TIMEOUT_MS: 'soon' }, 'Invalid configuration: AI_TIMEOUT_MS'],
    [{ AI_RATE_LIMIT_PER_MINUTE: '0' }, 'Invalid configuration: AI_RATE_LIMIT_PER_MINUTE'],
  ])('a bad value stops start-up with a message naming the variable: %o', (env, message) => {
    expect(() => loadAiConfig(env)).toThrow(ConfigError);
    expect(() => loadAiConfig(env)).toThrow(message);
  });
});
