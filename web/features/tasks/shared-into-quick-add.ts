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
  let parts: string[] = [];
  for (const name of QUICK_ADD_PARAMS) {
    const value = params.get(name)?.replace(/\s+/g, ' ').trim();
    if (!value || parts.some((part) => part.includes(value))) continue;
    parts = [...parts.filter((part) => !value.includes(part)), value];
  }
  return parts.join(' ').slice(0, LIMITS.taskTitleMax);
}
