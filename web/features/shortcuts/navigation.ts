import { paths } from '../../app/paths.ts';

/**
 * Upcoming (issue 21 §3) has no screen of its own yet: `g u` and the palette go to the dashboard
 * with `?view=upcoming`, which the Upcoming view will read.
 */
export const UPCOMING_PATH = `${paths.dashboard}?view=upcoming`;

/** A task open over its screen (decision 019: `?task=42`), own tasks on the dashboard, shared ones on Shared with me. */
export const taskPath = (id: number, scope: 'own' | 'shared') => `${scope === 'own' ? paths.dashboard : paths.shared}?task=${id}`;
