import { LIMITS } from '../../common/limits.ts';
import { createOutputSanitizer, sanitizeOutput } from './ai-output.sanitizer.ts';
import { AiProviderError } from './ai.errors.ts';
import type { AiWriter } from './ai.types.ts';

/**
 * Every writer's output through the one output sanitizer (ai-output.sanitizer.ts), whoever
 * wrote it: the built-in offline writer quotes the user's title and tidies their description,
 * so what it hands back is no more trusted than a model's answer (issue 18, finding j). The AI
 * routes wrap whatever writer they are given, so no answer reaches a user without it.
 *
 * The provider writer already sanitizes with its tighter per-operation cap; a second pass over
 * sanitized text finds nothing more to remove (at most a second wrapping fence, should a model
 * nest one). The cap here is the description limit: no suggestion can be longer than what the
 * task can store. Streamed and one-shot answers still agree, as the sanitizer guarantees.
 */
const MAX_CHARS = LIMITS.taskDescriptionMax;

const empty = () => new AiProviderError('empty', 'The AI writer answered with no usable text.');

async function once(text: Promise<string>): Promise<string> {
  const clean = sanitizeOutput(await text, MAX_CHARS);
  if (clean === '') throw empty();
  return clean;
}

/** The same text as `once`, in deltas: each delta is what the sanitizer lets through so far. */
async function* streamed(deltas: AsyncIterable<string>): AsyncGenerator<string> {
  const sanitizer = createOutputSanitizer(MAX_CHARS);
  let yielded = false;
  for await (const delta of deltas) {
    const clean = sanitizer.push(delta);
    if (clean !== '') {
      yielded = true;
      yield clean;
    }
    // Leaving the loop closes the writer's stream (its request, for a provider).
    if (sanitizer.full) break;
  }
  const rest = sanitizer.end();
  if (rest !== '') {
    yielded = true;
    yield rest;
  }
  if (!yielded) throw empty();
}

export function withSanitizedOutput(writer: AiWriter): AiWriter {
  return {
    generateDescription: (request) => once(writer.generateDescription(request)),
    generateDescriptionStream: (request) => streamed(writer.generateDescriptionStream(request)),
    rewriteDescription: (request) => once(writer.rewriteDescription(request)),
    rewriteDescriptionStream: (request) => streamed(writer.rewriteDescriptionStream(request)),
    generateContent: (request) => once(writer.generateContent(request)),
    generateContentStream: (request) => streamed(writer.generateContentStream(request)),
    describe: () => writer.describe(),
  };
}
