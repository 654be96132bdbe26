import { LIMITS } from '../../../common/limits.ts';

/**
 * What the installed app was opened with for quick add (issue 23): the manifest's "New task"
 * shortcut (`/dashboard?add=`, empty) and its share target, which another app's Share sheet
 * opens as `/dashboard?share_title=…&share_text=…&share_url=…` (web/public/manifest.webmanifest).
 * Undefined when the address asks for neither.
 */
export const QUICK_ADD_PARAMS = ['add', 'share_title', 'share_text', 'share_url'] as const;

export function quickAddTextFrom(params: URLSearchParams): string | undefined {
  if (!QUICK_ADD_PARAMS.some((name) => params.has(name))) return undefined;
  // A page shared with its title, its text and its address often repeats one in another: each once.
  const parts = QUICK_ADD_PARAMS.map((name) => params.get(name)?.replace(/\s+/g, ' ').trim() ?? '');
  const kept = parts.filter((part, i) => part && !parts.some((other, j) => j !== i && other.includes(part) && (other !== part || j < i)));
  return kept.join(' ').slice(0, LIMITS.taskTitleMax);
}
