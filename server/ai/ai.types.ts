import type { LanguageCode } from '../../common/locales.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';

/** The three writing helpers of spec §7, named as the product names them. */
export type AiOperation = 'generate-description' | 'rewrite-description' | 'generate-content';

interface AiCall {
  /** The language to answer in: the user's UI language, not the language of the task. */
  language: LanguageCode;
  /** Aborts the work, e.g. when the browser goes away or the user presses Cancel. */
  signal?: AbortSignal;
}

export interface GenerateDescriptionRequest extends AiCall {
  title: string;
}

export interface TaskTextRequest extends AiCall {
  title: string;
  /** The task's current markdown description; may be empty. */
  description: string;
}

/** What the settings screen shows about the active writer. Never carries a key or a full URL. */
export interface AiWriterDescription {
  kind: 'builtin' | 'openai-compatible';
  model?: string;
  baseUrlHost?: string;
}

/**
 * Writes task descriptions. Every operation has a one-shot form and a streaming form whose
 * deltas, joined, equal what the one-shot form would return. The AI routes pass every
 * writer's output through the output sanitizer (sanitized.writer.ts: no HTML, no control or
 * bidi-override characters, capped length). Provider failures reject with AiProviderError; an
 * aborted signal rejects with AiCancelledError.
 */
export interface AiWriter {
  generateDescription(request: GenerateDescriptionRequest): Promise<string>;
  generateDescriptionStream(request: GenerateDescriptionRequest): AsyncIterable<string>;
  rewriteDescription(request: TaskTextRequest): Promise<string>;
  rewriteDescriptionStream(request: TaskTextRequest): AsyncIterable<string>;
  generateContent(request: TaskTextRequest): Promise<string>;
  generateContentStream(request: TaskTextRequest): AsyncIterable<string>;
  describe(): AiWriterDescription;
}

/**
 * What the AI routes need from tasks, implemented by the task service: it applies the task
 * policies and writes the activity log, so the AI code never sees SQL or policy rules.
 */
export interface AiTaskAccess {
  /** The task if `user` may see it (and so edit it, spec §6); throws NotFoundError('Task not found') otherwise. */
  getTaskForAi(user: UserRow, taskId: number): Promise<{ id: number; title: string; description: string }>;
  /**
   * Records in the task's activity log that an AI suggestion was produced ('AI-made').
   * Never changes the task: the user reviews the suggestion in the edit dialog and saves it
   * like any edit (docs/decisions/001-ai-suggestions-are-reviewed-before-saving.md).
   */
  recordAiChange(user: UserRow, taskId: number, description: string, kind: 'rewrite' | 'generate'): Promise<void>;
}
