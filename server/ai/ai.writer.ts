import type { AiConfig } from './ai.config.ts';
import type { AiWriter } from './ai.types.ts';
import { createOfflineWriter } from './offline/offline.writer.ts';
import { createOpenAiCompatibleWriter } from './openai-compatible.writer.ts';

/** The provider when AI_BASE_URL is set, else the built-in offline writer. */
export function createAiWriter(config: Pick<AiConfig, 'provider' | 'timeoutMs'>): AiWriter {
  if (!config.provider) return createOfflineWriter();
  return createOpenAiCompatibleWriter({ ...config.provider, timeoutMs: config.timeoutMs });
}
