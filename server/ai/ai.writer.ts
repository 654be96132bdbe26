import type { AiConfig } from './ai.config.ts';
import type { AiWriter } from './ai.types.ts';
import { createOfflineWriter } from './offline/offline.writer.ts';

/**
 * The provider when AI_BASE_URL is set, else the built-in offline writer. The provider code
 * (the `ai` SDK, a fifth of the server's start-up time) loads on the first AI request, so a
 * server with the built-in writer never loads it and one with a provider starts as fast.
 */
export function createAiWriter(config: Pick<AiConfig, 'provider' | 'timeoutMs'>): AiWriter {
  if (!config.provider) return createOfflineWriter();
  const options = { ...config.provider, timeoutMs: config.timeoutMs };
  let loaded: Promise<AiWriter> | undefined;
  const provider = () =>
    (loaded ??= import('./openai-compatible.writer.ts').then((module) => module.createOpenAiCompatibleWriter(options)));
  async function* streamFrom(open: (writer: AiWriter) => AsyncIterable<string>) {
    yield* open(await provider());
  }
  return {
    generateDescription: async (request) => (await provider()).generateDescription(request),
    generateDescriptionStream: (request) => streamFrom((writer) => writer.generateDescriptionStream(request)),
    rewriteDescription: async (request) => (await provider()).rewriteDescription(request),
    rewriteDescriptionStream: (request) => streamFrom((writer) => writer.rewriteDescriptionStream(request)),
    generateContent: async (request) => (await provider()).generateContent(request),
    generateContentStream: (request) => streamFrom((writer) => writer.generateContentStream(request)),
    describe: () => ({ kind: 'openai-compatible', model: options.model, baseUrlHost: new URL(options.baseURL).host }),
  };
}
