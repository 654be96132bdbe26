import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/dialog.tsx';

/**
 * Spec §2: lists the toolbar's syntax plus H4, task lists, images, code blocks, rules and tables.
 * The sample words are the reader's; the syntax around them is markdown's own.
 */
function cheatSheetRows(t: TFunction<'tasks'>): Array<[key: string, syntax: string]> {
  const sample = (key: string) => t(`markdown.samples.${key}`);
  const heading = (level: 1 | 2 | 3 | 4) => `${'#'.repeat(level)} ${t(`markdown.tools.h${level}`)}`;
  return [
    ['h1', heading(1)],
    ['h2', heading(2)],
    ['h3', heading(3)],
    ['h4', heading(4)],
    ['bold', `**${sample('boldText')}**`],
    ['italic', `_${sample('italicText')}_`],
    ['strike', `~~${sample('strikeText')}~~`],
    ['code', `\`${sample('codeText')}\``],
    ['link', `[${t('markdown.linkText')}](https://example.com)`],
    ['image', `![${sample('altText')}](https://example.com/image.png)`],
    ['bullet', `- ${sample('item')}\n- ${sample('item')}`],
    ['numbered', `1. ${sample('first')}\n2. ${sample('second')}`],
    ['taskList', `- [ ] ${sample('toDo')}\n- [x] ${sample('done')}`],
    ['quote', `> ${sample('quoted')}`],
    ['codeBlock', `\`\`\`\n${sample('codeBlock')}\n\`\`\``],
    ['rule', '---'],
    ['table', `| ${sample('column')} | ${sample('column')} |\n| --- | --- |\n| ${sample('cell')} | ${sample('cell')} |`],
  ];
}

export function MarkdownCheatSheet({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('editor');
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
          {cheatSheetRows(t).map(([key, syntax]) => (
            <tr key={key} className="border-t border-line align-top">
              <td className="py-2 pe-4 text-fg">{t(`markdown.tools.${key}`)}</td>
              <td className="py-2">
                {/* Left to right whatever the language: markdown's marks stay where they are typed, and
                    an Arabic sample inside still reads right to left ("- [x] منجز" keeps its order). */}
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
