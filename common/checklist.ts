/**
 * Checklists in a description: GitHub-flavoured task-list items (`- [ ] buy paint`, `* [x] done`,
 * `1. [ ] first`). The detail view ticks them and cards show their progress; both read the
 * markdown itself, so a checklist needs no field of its own and survives export and copying.
 */

/**
 * A task-list item's marker: quote marks and indentation, a bullet or number, the box. Group 2 is
 * the box's mark.
 */
const ITEM = /^((?:[ \t]*>)*[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)\[([ xX])\](?=[ \t]|$)/;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

export interface ChecklistItem {
  /** The offset of the box's mark (the space or x between the brackets) in the markdown. */
  markOffset: number;
  checked: boolean;
  /** The rest of the item's line, as written: names the box for screen readers. */
  text: string;
}

/** Each task-list item of the markdown, in order. */
export function checklistItems(markdown: string): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  let fence: string | null = null;
  let offset = 0;
  for (const line of markdown.split('\n')) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      // A fence closes with the same character, at least as long; inside one nothing is a checklist.
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    } else if (fence === null) {
      const item = ITEM.exec(line);
      if (item) items.push({ markOffset: offset + item[1]!.length + 1, checked: item[2] !== ' ', text: line.slice(item[0].length).trim() });
    }
    offset += line.length + 1;
  }
  return items;
}

/**
 * Ticked and total items, for a card's "2/5"; null when the description has no checklist. With a
 * task's subtask progress (issue 21) both count together: a card shows one figure for how much
 * of the task is done, its steps being checklist items and subtasks alike.
 */
export function checklistProgress(
  markdown: string,
  subtasks?: { done: number; total: number } | null,
): { done: number; total: number } | null {
  const items = checklistItems(markdown);
  const done = items.filter((item) => item.checked).length + (subtasks?.done ?? 0);
  const total = items.length + (subtasks?.total ?? 0);
  return total === 0 ? null : { done, total };
}

/** The description with the box whose mark is at `markOffset` ticked or cleared; unchanged if there is none there. */
export function setChecklistItem(markdown: string, markOffset: number, checked: boolean): string {
  if (!checklistItems(markdown).some((item) => item.markOffset === markOffset)) return markdown;
  return `${markdown.slice(0, markOffset)}${checked ? 'x' : ' '}${markdown.slice(markOffset + 1)}`;
}
