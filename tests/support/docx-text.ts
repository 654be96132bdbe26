import { entryContent, readZip } from '../../server/export/docx-package.ts';

/** The XML of a .docx's main part. */
export function documentXml(docx: Buffer): string {
  return entryContent(readZip(docx).find((entry) => entry.name === 'word/document.xml')!).toString('utf8');
}

/** The visible text of a .docx, its runs joined as Word shows them. */
export function documentText(docx: Buffer): string {
  return [...documentXml(docx).matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('');
}
