import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cx } from '../../lib/class-names.ts';

const components: Components = {
  // Links always open in a new tab and never hand the opener over.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  // Task-list checkboxes are shown, not toggled.
  input: ({ node: _node, ...props }) => <input {...props} disabled />,
};

/**
 * Markdown for descriptions and AI output: GFM (tables, task lists, strike-through),
 * raw HTML never rendered, unsafe URLs (javascript:) dropped by react-markdown.
 */
export default function MarkdownView({ source, className }: { source: string; className?: string }) {
  return (
    <div
      className={cx(
        'prose prose-sm max-w-none break-words dark:prose-invert prose-a:text-brand-strong prose-pre:bg-surface-2 prose-pre:text-fg',
        className,
      )}
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
