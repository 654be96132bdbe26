import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cx } from '../../lib/class-names.ts';

const components: Components = {
  // Links always open in a new tab and never hand the opener over.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  // Task-list checkboxes are shown, not toggled.
  input: ({ node: _node, ...props }) => <input {...props} disabled />,
  // Each block takes its direction from its own text: an English line in the Arabic UI reads
  // left to right, an Arabic line in the English UI right to left.
  p: ({ node: _node, ...props }) => <p dir="auto" {...props} />,
  li: ({ node: _node, ...props }) => <li dir="auto" {...props} />,
  h1: ({ node: _node, ...props }) => <h1 dir="auto" {...props} />,
  h2: ({ node: _node, ...props }) => <h2 dir="auto" {...props} />,
  h3: ({ node: _node, ...props }) => <h3 dir="auto" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 dir="auto" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote dir="auto" {...props} />,
  td: ({ node: _node, ...props }) => <td dir="auto" {...props} />,
  th: ({ node: _node, ...props }) => <th dir="auto" {...props} />,
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
        // The typography plugin draws backticks around inline code and quote marks around a
        // quote, which read as markdown left unrendered: a tinted box and a plain quote instead.
        'prose-code:rounded prose-code:bg-surface-2 prose-code:px-1 prose-code:py-0.5 prose-code:font-normal prose-code:before:content-none prose-code:after:content-none [&_pre_code]:bg-transparent [&_pre_code]:p-0',
        'prose-blockquote:font-normal prose-blockquote:not-italic [&_blockquote_p]:before:content-none [&_blockquote_p]:after:content-none',
        className,
      )}
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
