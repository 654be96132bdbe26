import { mentionRanges } from '../../../common/mentions.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';

/** Someone a comment on the task can @mention: its owner and the people who accepted it. */
export interface Mentionable {
  id: number;
  name: string;
  photo: string | null;
}

/** The task's people who read its comments, but `me` (issue 22: pending recipients read none). */
export function mentionablePeople(task: Partial<Pick<Task, 'owner' | 'shared_with'>>, me: number): Mentionable[] {
  const people: Mentionable[] = [];
  if (task.owner && task.owner.id !== me) people.push({ id: task.owner.id, name: task.owner.name, photo: task.owner.user_photo });
  for (const person of task.shared_with ?? [])
    if (person.id !== null && person.id !== me && person.pivot.status === 'accepted')
      people.push({ id: person.id, name: person.name, photo: person.user_photo });
  return people;
}

/** The ids of the people `text` mentions as "@name" (sent with the comment, which the server checks again). */
export const mentionedIds = (text: string, people: readonly Mentionable[]) =>
  people.filter((person) => mentionRanges(text, person.name).length > 0).map((person) => person.id);

/** The "@…" being typed just before the caret, if any: where it starts and what follows the "@". */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | undefined {
  const before = text.slice(0, caret);
  // "@" at the start or after a space or punctuation; a name of up to four words being typed.
  const match = /(?:^|[^\p{L}\p{M}\p{N}_@])@((?:[\p{L}\p{M}\p{N}_.'-]+ ?){0,4})$/u.exec(before);
  if (!match) return undefined;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}

/** People whose name, or a word of it, starts with `query` (case-insensitive); at most `limit`. */
export function suggestionsFor(query: string, people: readonly Mentionable[], limit = 6): Mentionable[] {
  const wanted = query.toLocaleLowerCase().trimEnd();
  // A whole name and a space after it: the mention is written, nothing to offer.
  if (query !== wanted && people.some((person) => person.name.toLocaleLowerCase() === wanted)) return [];
  return people
    .filter((person) => {
      const name = person.name.toLocaleLowerCase();
      return wanted === '' || name.startsWith(wanted) || name.split(/\s+/).some((word) => word.startsWith(wanted));
    })
    .slice(0, limit);
}

/** `text` split into plain runs and the mentions of `people` in it, for showing mentions apart. */
export function splitMentions(text: string, names: readonly string[]): Array<{ text: string; mention: boolean }> {
  const ranges = names
    .flatMap((name) => mentionRanges(text, name))
    .sort((a, b) => a[0] - b[0] || b[1] - a[1])
    // A longer name found at the same place wins ("@Ann Lee" over "@Ann"); overlaps are dropped.
    .filter((range, index, all) => index === 0 || range[0] >= all[index - 1]![1]);
  const parts: Array<{ text: string; mention: boolean }> = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push({ text: text.slice(at, start), mention: false });
    parts.push({ text: text.slice(start, end), mention: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mention: false });
  return parts;
}
