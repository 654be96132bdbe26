import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/dialog.tsx';

/** Spec §2: lists the toolbar's syntax plus H4, task lists, images, code blocks, rules and tables. */
const ROWS: Array<[key: string, syntax: string]> = [
  ['h1', '# Heading 1'],
  ['h2', '## Heading 2'],
  ['h3', '### Heading 3'],
  ['h4', '#### Heading 4'],
  ['bold', '**bold text**'],
  ['italic', '_italic text_'],
  ['strike', '~~strikethrough~~'],
  ['code', '`inline code`'],
  ['link', '[title](https://example.com)'],
  ['image', '![alt text](https://example.com/image.png)'],
  ['bullet', '- item\n- item'],
  ['numbered', '1. first\n2. second'],
  ['taskList', '- [ ] to do\n- [x] done'],
  ['quote', '> quoted text'],
  ['codeBlock', '```\ncode block\n```'],
  ['rule', '---'],
  ['table', '| Column | Column |\n| --- | --- |\n| Cell | Cell |'],
];

export function MarkdownCheatSheet({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('tasks');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('markdown.cheatSheet')}
      closeLabel={t('common:actions.close')}
      size="md"
      testId="markdown-help"
    >
      <table className="w-full text-sm">
        <thead>
          <tr className="text-start text-muted">
            <th className="pb-2 text-start font-medium">{t('markdown.element')}</th>
            <th className="pb-2 text-start font-medium">{t('markdown.syntax')}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([key, syntax]) => (
            <tr key={key} className="border-t border-line align-top">
              <td className="py-2 pe-4 text-fg">{t(`markdown.tools.${key}`)}</td>
              <td className="py-2">
                <pre dir="ltr" className="whitespace-pre-wrap rounded bg-surface-2 px-2 py-1 text-start font-mono text-xs text-fg">
                  {syntax}
                </pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
