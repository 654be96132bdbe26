/**
 * Why a provider call failed. Only the route turns this into the spec's user-facing
 * message; the reason and detail go to the log for whoever runs the server.
 */
export type AiFailureReason =
  'timeout' | 'unreachable' | 'rate-limited' | 'unavailable' | 'rejected' | 'malformed' | 'interrupted' | 'empty';

export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
  constructor(
    readonly reason: AiFailureReason,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The caller aborted (client went away or pressed Cancel); nobody is waiting for an answer. */
export class AiCancelledError extends Error {
  override readonly name = 'AiCancelledError';
  constructor() {
    super('The AI request was cancelled.');
  }
}
