import { paths } from '../../app/paths.ts';

/** Today and Upcoming (issue 21 §3) are views of the dashboard, chosen in its address (dashboard-views.tsx). */
export const TODAY_PATH = `${paths.dashboard}?view=today`;
export const UPCOMING_PATH = `${paths.dashboard}?view=upcoming`;

/** A task open over its screen (decision 019: `?task=42`), own tasks on the dashboard, shared ones on Shared with me. */
export const taskPath = (id: number, scope: 'own' | 'shared') => `${scope === 'own' ? paths.dashboard : paths.shared}?task=${id}`;
