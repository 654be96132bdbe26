/**
 * How a description links an attached image (issue 24): `/api/attachments/<id>/file`, opened only
 * with a session that may see the file. One pattern for the web app that writes and shows these
 * links, the server that adopts staged images by them (decision 037) and the exports that embed them.
 */

const FILE_URL = /^\/api\/attachments\/([1-9]\d{0,14})\/file$/;
/** The largest id a row can have (common/schemas/ids.ts's ID_MAX, kept here so the page's first load needs no schema). */
const ID_MAX = 2_147_483_647;

/** The link a description uses for an attached image. */
export const attachmentFileUrl = (id: number) => `/api/attachments/${id}/file`;

/** The id in such a link (spaces around it ignored), or null for any other address. */
export function attachmentIdOfUrl(url: string | null | undefined): number | null {
  const match = FILE_URL.exec((url ?? '').trim());
  const id = match ? Number(match[1]) : null;
  return id !== null && id <= ID_MAX ? id : null;
}

/**
 * The attachment ids a text names in such links, in order of first use. A plain scan: what is
 * drawn where is the markdown renderer's business, this only finds the ids to read or adopt.
 */
export function attachmentIdsIn(text: string): number[] {
  const ids = new Set<number>();
  for (const match of text.matchAll(/\/api\/attachments\/([1-9]\d{0,14})\/file/g)) {
    // An id no row can have names nothing (and would be out of PostgreSQL's integer range).
    const id = Number(match[1]);
    if (id <= ID_MAX) ids.add(id);
  }
  return [...ids];
}

/** The images a description may show in place, in every browser: an SVG or a TIFF would be linked but never shown. */
export const DESCRIPTION_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);
