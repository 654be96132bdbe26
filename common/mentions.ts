/**
 * @mentions in comments (issue 22): a comment names a person of its task by writing "@" and their
 * name as it is shown ("@Amira Haddad"). The web app offers the names; the server notifies only
 * the people the client names in `mentions` whose "@name" the text really holds, so nobody is
 * mentioned silently, and nobody by a name that merely starts like theirs ("@Ann" is not "@Anna").
 */

/** A letter, mark or digit in any script: what may not follow a name for it to end there. */
const WORD = /[\p{L}\p{M}\p{N}_]/u;

/** Where "@name" stands in `text` (start and end offsets), case-insensitively and in any script. */
export function mentionRanges(text: string, name: string): Array<[number, number]> {
  const wanted = `@${name.trim()}`;
  if (wanted.length < 2) return [];
  const haystack = text.toLocaleLowerCase();
  const needle = wanted.toLocaleLowerCase();
  // Lower-casing can change lengths (rarely: "İ"); then positions would be off, so compare as typed.
  const same = haystack.length === text.length && needle.length === wanted.length;
  const source = same ? haystack : text;
  const target = same ? needle : wanted;
  const ranges: Array<[number, number]> = [];
  for (let at = source.indexOf(target); at !== -1; at = source.indexOf(target, at + 1)) {
    const end = at + target.length;
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text.slice(end, end + 2);
    if (before && WORD.test(before)) continue;
    if (after && WORD.test([...after][0]!)) continue;
    ranges.push([at, end]);
  }
  return ranges;
}

export const isMentioned = (text: string, name: string) => mentionRanges(text, name).length > 0;
