import { apiFetch } from '../http/fetch-core.ts';

export type ExportFormat = 'pdf' | 'word';

const ACCEPT: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const NETWORK_MESSAGES: Record<ExportFormat, string> = {
  pdf: 'Network error occurred while exporting PDF',
  word: 'Network error occurred while exporting Word document',
};

/** The file name the server chose (filename* wins: it keeps non-Latin titles readable). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Downloads GET /api/tasks/{id}/pdf|word with the bearer token and saves it under the server's name. */
export async function downloadTaskExport(taskId: number, format: ExportFormat, language: string): Promise<string> {
  const response = await apiFetch(`/api/tasks/${taskId}/${format}`, {
    accept: ACCEPT[format],
    language,
    fallbackMessage: 'Export failed',
    networkMessage: NETWORK_MESSAGES[format],
    offlineMessage: 'Exporting needs a connection. You are offline.',
  });
  const blob = await response.blob();
  const name = fileNameFromDisposition(
    response.headers.get('Content-Disposition'),
    `taskaty-task-${taskId}.${format === 'pdf' ? 'pdf' : 'docx'}`,
  );
  saveBlob(blob, name);
  return name;
}

/** Has the browser save `blob` under `name` (a download, never opened in place). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
