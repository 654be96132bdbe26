import { useEffect, useState } from 'react';
import { apiFetch } from '../http/fetch-core.ts';

/*
 * Issue 24: a file's bytes as the page shows them. Apart from attachment-queries.ts (its schemas
 * and writes) so the description's markdown, which shows attached images, loads only this.
 */

/** A file's bytes (or its thumbnail) with the session's token, as a Blob to show or save. */
export async function attachmentBlob(id: number, what: 'file' | 'thumbnail' = 'file', signal?: AbortSignal): Promise<Blob> {
  const response = await apiFetch(`/api/attachments/${id}/${what}`, { accept: '*/*', signal });
  return response.blob();
}

/**
 * An object URL of a file's bytes (or its thumbnail) fetched with the session's token, for an
 * <img> or the PDF viewer: the API's addresses need the Authorization header, which an <img> cannot
 * send. Revoked when the component goes or the file changes.
 */
export function useAttachmentObjectUrl(id: number | null, what: 'file' | 'thumbnail' = 'file'): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    let url: string | null = null;
    setState({ url: null, failed: false });
    attachmentBlob(id, what, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      },
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, what]);
  return state;
}
