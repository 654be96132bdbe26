import { createContext, useContext, useEffect, useMemo, useState, type ComponentProps } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { checklistItems, type ChecklistItem } from '../../../common/checklist.ts';
import { attachmentIdOfUrl } from '../../../common/attachment-links.ts';
import { useAttachmentObjectUrl } from '../../lib/api/attachment-bytes.ts';
import { cx } from '../../lib/class-names.ts';
import './markdown.css';

/** Ticks a checklist box: the offset of its mark in the source, and its new state; a rejected promise puts the box back. */
export type ToggleChecklistItem = (markOffset: number, checked: boolean) => unknown;

/** The description's checklist and what ticking a box does (none: shown, not ticked). */
const Checklist = createContext<{ items: ChecklistItem[]; toggle: ToggleChecklistItem | undefined }>({ items: [], toggle: undefined });
/** The checklist item of the list item being rendered. */
const ChecklistItemBox = createContext<ChecklistItem | null>(null);

/**
 * A list item; a checklist item finds its box by its place in the source. Defined once, not per
 * render: a new component type would remount the list, and a box ticked by keyboard lose focus.
 */
function ListItem({ node, className, ...props }: ComponentProps<'li'> & ExtraProps) {
  const { items } = useContext(Checklist);
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  // The box inside this item's own source span; none found (an unusual construct) leaves it shown but not tickable.
  const item =
    className?.includes('task-list-item') && start !== undefined && end !== undefined
      ? items.find((box) => box.markOffset > start && box.markOffset < end)
      : undefined;
  const li = <li dir="auto" className={className} {...props} />;
  return item ? <ChecklistItemBox.Provider value={item}>{li}</ChecklistItemBox.Provider> : li;
}

function ChecklistBox({ checked }: { checked: boolean }) {
  const item = useContext(ChecklistItemBox);
  const { toggle } = useContext(Checklist);
  // The box follows the click at once; the description (and so `checked`) catches up when the
  // caller's state does, and wins if saving is undone.
  const [shown, setShown] = useState(checked);
  useEffect(() => setShown(checked), [checked]);
  const label = item?.text || undefined;
  if (!item || !toggle)
    return <input type="checkbox" checked={checked} disabled readOnly aria-label={label} className="me-2 align-middle" />;
  return (
    <input
      type="checkbox"
      checked={shown}
      onChange={(event) => {
        const next = event.target.checked;
        setShown(next);
        Promise.resolve(toggle(item.markOffset, next)).catch(() => setShown(!next));
      }}
      aria-label={label}
      className="me-2 h-4 w-4 cursor-pointer align-middle accent-brand"
    />
  );
}

/**
 * An image attached to the task (issue 24), linked by its API address: loaded with the session's
 * token, so only people who may open the task see it. Until it has loaded, its alt text holds its place.
 */
function AttachedImage({ id, alt }: { id: number; alt: string }) {
  const shown = useAttachmentObjectUrl(id, 'file');
  if (!shown.url) return <span className="inline-block rounded bg-surface-2 px-2 py-1 text-xs text-muted">{alt || '…'}</span>;
  return <img src={shown.url} alt={alt} className="max-h-96 rounded-control" />;
}

const components: Components = {
  img: ({ node: _node, src, alt }) => {
    const id = attachmentIdOfUrl(typeof src === 'string' ? src : undefined);
    // Other addresses stay as they are; the app's CSP lets only its own and data: images load.
    return id !== null ? (
      <AttachedImage id={id} alt={alt ?? ''} />
    ) : (
      <img src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} loading="lazy" />
    );
  },
  // Links always open in a new tab and never hand the opener over.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  input: ({ node: _node, type, checked }) => (type === 'checkbox' ? <ChecklistBox checked={checked === true} /> : null),
  // Each block takes its direction from its own text: an English line in the Arabic UI reads
  // left to right, an Arabic line in the English UI right to left.
  p: ({ node: _node, ...props }) => <p dir="auto" {...props} />,
  li: ListItem,
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
 * raw HTML never rendered, unsafe URLs (javascript:) dropped by react-markdown. With
 * `onToggleItem`, checklist boxes can be ticked (each list item finds its box by its place in
 * the source).
 */
export default function MarkdownView({
  source,
  className,
  onToggleItem,
}: {
  source: string;
  className?: string;
  onToggleItem?: ToggleChecklistItem | undefined;
}) {
  const checklist = useMemo(() => ({ items: checklistItems(source), toggle: onToggleItem }), [source, onToggleItem]);
  return (
    <div
      className={cx(
        'prose prose-sm max-w-none break-words dark:prose-invert prose-a:text-brand-strong prose-pre:bg-surface-2 prose-pre:text-fg',
        // The typography plugin draws backticks around inline code and quote marks around a
        // quote, which read as markdown left unrendered: a tinted box and a plain quote instead.
        'prose-code:rounded prose-code:bg-surface-2 prose-code:px-1 prose-code:py-0.5 prose-code:font-normal prose-code:before:content-none prose-code:after:content-none [&_pre_code]:bg-transparent [&_pre_code]:p-0',
        'prose-blockquote:font-normal prose-blockquote:not-italic [&_blockquote_p]:before:content-none [&_blockquote_p]:after:content-none',
        // A checklist item shows its box only, not a bullet before it as well.
        '[&_.task-list-item]:list-none [&_ul.contains-task-list]:ps-0 [&_.task-list-item_ul.contains-task-list]:ps-6',
        className,
      )}
    >
      <Checklist.Provider value={checklist}>
        <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
          {source}
        </ReactMarkdown>
      </Checklist.Provider>
    </div>
  );
}
