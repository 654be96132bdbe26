/** Values the spec fixes (§3, §9) and that both the server and the web app rely on. */
export const PRODUCT_NAME = 'Taskaty';

export const STORAGE_KEYS = {
  user: 'taskaty_user',
  token: 'taskaty_token',
  language: 'taskaty_language',
  theme: 'taskaty_theme',
  viewMode: 'taskaty_view_mode',
  density: 'taskaty_density',
} as const;

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Sorting by priority means high > medium > low, never alphabetical. */
export const PRIORITY_RANK: Record<Priority, number> = { low: 1, medium: 2, high: 3 };

export const TASK_SORT_KEYS = ['created_at', 'updated_at', 'priority'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const VIEW_MODES = ['list', 'grid'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
/** How much of a screen a task card takes: comfortable shows the description; compact is one line a task. */
export type Density = 'comfortable' | 'compact';

export const THEME_COLORS = { light: '#9333ea', dark: '#1f2937' } as const;

export const DUPLICATE_TITLE_PREFIX = 'Copy of ';

export const TIMINGS = {
  signupRedirectMs: 2000,
  successBannerMs: 3000,
  pendingSharePollMs: 30_000,
  labelSuggestionHideMs: 150,
  commentReloadMs: 100,
} as const;

/**
 * Repeating tasks (issue 21, decision 020): what a repeat counts from. `due_date`: a fixed schedule,
 * the next date follows the rule from the completed one's due date; `completion`: the rule's
 * interval counted from the day it was completed.
 */
export const RECURRENCE_FROM = ['due_date', 'completion'] as const;
export type RecurrenceFrom = (typeof RECURRENCE_FROM)[number];
/** The longest repeat rule (an RRULE value) a task may carry, and its largest INTERVAL. */
export const RECURRENCE_MAX = 200;
export const RECURRENCE_INTERVAL_MAX = 365;
/** The longest time zone name a person may set (IANA names are far shorter). */
export const TIME_ZONE_MAX = 64;
