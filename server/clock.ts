/** Time source handed to services, so tests can pin "now" (due today, overdue, token expiry). */
export interface Clock {
  now(): Date;
  nowIso(): string;
}

export const systemClock: Clock = {
  now: () => new Date(),
  nowIso: () => new Date().toISOString(),
};
