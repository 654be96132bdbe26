import { PRODUCT_NAME } from '../../common/constants.ts';
import { languageOf, type LanguageCode } from '../../common/locales.ts';
import { repeatSummary } from '../../common/recurrence-wording.ts';
import type { Comment } from '../../common/schemas/comment.schema.ts';
import { isOverdue as isBeforeToday } from '../../common/task-rules.ts';
import { localDateTime } from '../../common/time-zone.ts';
import {
  EXPORT_TEXTS,
  exportTimeZone,
  fillTemplate,
  formatDueDate,
  formatFileSize,
  formatTimestamp,
  type ExportTexts,
} from './export-texts.ts';
import type { ExportAttachment, ExportImage, TaskExportData } from './export.types.ts';
import { markdownToBlocks, safeLinkTarget, type Block, type ListItem } from './markdown-to-blocks.ts';
import { scheduleTranslate } from './schedule-texts.ts';

/** Colours of the export, matching the product's purple brand (visual.md). */
export const EXPORT_COLORS = {
  text: '#1f2937',
  muted: '#6b7280',
  brand: '#9333ea',
  link: '#7e22ce',
  border: '#e5e7eb',
  codeBackground: '#f3f4f6',
  tableHeader: '#f5f3ff',
  quoteBar: '#d8b4fe',
  danger: '#dc2626',
  success: '#16a34a',
  info: '#2563eb',
  warning: '#d97706',
} as const;

/** Labels without a colour take one of eight by position, as the web app's label chips do. */
export const LABEL_PALETTE = ['#9333ea', '#2563eb', '#16a34a', '#d97706', '#dc2626', '#0891b2', '#db2777', '#4f46e5'] as const;

const PRIORITY_COLORS = { high: EXPORT_COLORS.danger, medium: EXPORT_COLORS.warning, low: EXPORT_COLORS.success } as const;

export interface Chip {
  text: string;
  /** The base colour; renderers derive a tinted background and a dark text from it. */
  color: string;
  /** Label chips carry a dot of their colour, so two similar tints stay distinguishable. */
  dot?: boolean;
}

export type MetaItem =
  { kind: 'text'; text: string; tone: 'normal' | 'strong' | 'muted' } | { kind: 'chip'; chip: Chip } | { kind: 'break' };

export interface MetaRow {
  label: string;
  items: MetaItem[];
}

export interface CommentView {
  author: string;
  date: string;
  /** Plain text, one entry per paragraph; single newlines stay as line breaks. */
  paragraphs: string[];
  replies: CommentView[];
}

/** A file in the Attachments section (issue 24). */
export interface AttachmentView {
  name: string;
  /**
   * Its size, who added it and when, with `·` between: pieces each placed on its own (like <bdi>),
   * so a name in one script and a date's digits never run together.
   */
  details: string[];
  /** A file left on a drive: its address, a link when it is http(s). */
  link: { text: string; target: string | undefined } | null;
}

/** An attached image drawn under the list of files, its file's name as its caption. */
export interface GalleryImage {
  image: ExportImage;
  caption: string;
}

/** What an exported task shows, independent of PDF or Word. */
export interface ExportDocument {
  language: LanguageCode;
  rtl: boolean;
  texts: ExportTexts;
  productName: string;
  exportedOn: string;
  title: string;
  meta: MetaRow[];
  description: Block[];
  /** The task's subtasks as a task list (a checkbox each, ticked when done), empty when it has none (issue 21). */
  subtasks: Block[];
  /** "Subtasks (1/3)": how many are done, of how many. */
  subtasksHeading: string;
  /** The task's files, oldest first (issue 24); empty when it has none, and then there is no section. */
  attachments: AttachmentView[];
  /** "Attachments (3)". */
  attachmentsHeading: string;
  /** The task's images under the list, in its order: each at most once. */
  gallery: GalleryImage[];
  /** The pixels of the task's embedded images by attachment id, for the description's image blocks. */
  images: ReadonlyMap<number, ExportImage>;
  comments: CommentView[];
  commentCount: number;
  author: string;
  generatedAt: Date;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function labelColor(color: string | null, index: number): string {
  if (color && HEX_COLOR.test(color.trim())) {
    const hex = color.trim().toLowerCase();
    return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  }
  return LABEL_PALETTE[index % LABEL_PALETTE.length]!;
}

/**
 * Overdue as the task's dialog shows it to the reader (issue 21): due before their today, or today
 * at a time that has passed on their clock, and not completed. `timeZone` is theirs; null is UTC.
 */
export function isOverdue(
  task: { due_date: string | null; due_time?: string | null | undefined; is_completed: 0 | 1 },
  now: Date,
  timeZone: string | null | undefined,
): boolean {
  if (!task.due_date || task.is_completed === 1) return false;
  const local = localDateTime(now, timeZone);
  const day = task.due_date.slice(0, 10);
  return isBeforeToday({ ...task, due_date: day }, local.date) || (day === local.date && !!task.due_time && task.due_time < local.time);
}

function commentView(comment: Comment, language: LanguageCode, timeZone: string, depth: number): CommentView {
  return {
    author: comment.user_name,
    date: formatTimestamp(comment.created_at, language, timeZone),
    paragraphs: comment.content
      .replace(/\r\n?/g, '\n')
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    // One level of replies (spec §4); anything deeper is shown at reply level rather than lost.
    replies:
      depth === 0 ? comment.children.flatMap((child) => flattenReplies(child)).map((c) => commentView(c, language, timeZone, 1)) : [],
  };
}

function flattenReplies(comment: Comment): Comment[] {
  return [comment, ...comment.children.flatMap(flattenReplies)];
}

function countComments(comments: readonly Comment[]): number {
  return comments.reduce((sum, c) => sum + 1 + countComments(c.children), 0);
}

/** Subtasks as one task list: each a checkbox (ticked when done) and its title, with its due date when it has one. */
function subtaskBlocks(subtasks: NonNullable<TaskExportData['subtasks']>, texts: ExportTexts, language: LanguageCode): Block[] {
  if (subtasks.length === 0) return [];
  const items: ListItem[] = subtasks.map((subtask) => ({
    checked: subtask.is_completed === 1,
    blocks: [
      {
        kind: 'paragraph',
        content: [
          { text: subtask.title, style: {} },
          ...(subtask.due_date
            ? [{ text: ` · ${texts.dueDate}: ${formatDueDate(subtask.due_date, null, language)}`, style: { italic: true } }]
            : []),
        ],
      },
    ],
  }));
  return [{ kind: 'list', ordered: false, start: 1, items }];
}

function attachmentView(file: ExportAttachment, texts: ExportTexts, language: LanguageCode, stamp: (at: string) => string): AttachmentView {
  // "added by {name}" in the reader's word order, the name a piece of its own.
  const [before = '', after = ''] = texts.addedBy.split('{name}');
  const addedBy = [before.trim(), file.user_name, after.trim()].filter(Boolean);
  // A drive may not say how large its file is.
  const size = file.link_url === null || file.size > 0 ? [formatFileSize(file.size, language), '·'] : [];
  return {
    name: file.name,
    details: [...size, ...addedBy, '·', stamp(file.created_at)],
    link: file.link_url === null ? null : { text: file.link_url, target: safeLinkTarget(file.link_url) },
  };
}

export function buildExportDocument(data: TaskExportData): ExportDocument {
  const { task, language, generatedAt } = data;
  const texts = EXPORT_TEXTS[language];
  const timeZone = exportTimeZone(data.timeZone);
  const stamp = (timestamp: string | Date) => formatTimestamp(timestamp, language, timeZone);
  const text = (value: string, tone: 'normal' | 'strong' | 'muted' = 'normal'): MetaItem => ({ kind: 'text', text: value, tone });
  const chip = (value: string, color: string, dot = false): MetaItem => ({
    kind: 'chip',
    chip: { text: value, color, ...(dot ? { dot } : {}) },
  });

  const completed = task.is_completed === 1;
  const due: MetaItem[] = task.due_date ? [text(formatDueDate(task.due_date, task.due_time, language))] : [text(texts.noDueDate, 'muted')];
  if (isOverdue(task, generatedAt, timeZone)) due.push(chip(texts.overdue, EXPORT_COLORS.danger));

  // The rule as the task's dialog words it (issue 21), from the due date or, without one, the
  // reader's today; a rule the server would not store any more is shown as written, as there.
  const schedule = scheduleTranslate(language);
  const repeats = task.recurrence
    ? (repeatSummary(
        task.recurrence,
        task.recurrence_from ?? 'due_date',
        task.due_date?.slice(0, 10) ?? localDateTime(generatedAt, timeZone).date,
        schedule,
        language,
      ) ?? task.recurrence)
    : undefined;

  const people: MetaItem[] = task.shared_with.flatMap((person, index) => [
    ...(index > 0 ? [{ kind: 'break' } as const] : []),
    text(person.name, 'strong'),
    text(person.email, 'muted'),
    person.pivot.status === 'accepted' ? chip(texts.shareAccepted, EXPORT_COLORS.success) : chip(texts.sharePending, EXPORT_COLORS.warning),
  ]);

  const meta: MetaRow[] = [
    {
      label: texts.status,
      items: [completed ? chip(texts.statusCompleted, EXPORT_COLORS.success) : chip(texts.statusInProgress, EXPORT_COLORS.info)],
    },
    { label: texts.priority, items: [chip(texts.priorities[task.priority], PRIORITY_COLORS[task.priority])] },
    { label: texts.dueDate, items: due },
    ...(repeats ? [{ label: schedule('detail.repeats'), items: [text(repeats)] }] : []),
    {
      label: texts.labels,
      items: task.labels.length
        ? task.labels.map((label, index) => chip(label.name, labelColor(label.color, index), true))
        : [text(texts.none, 'muted')],
    },
    { label: texts.created, items: [text(stamp(task.created_at))] },
    { label: texts.updated, items: [text(stamp(task.updated_at))] },
    { label: texts.owner, items: [text(task.owner.name, 'strong'), text(task.owner.email, 'muted')] },
    { label: texts.sharedWith, items: people.length ? people : [text(texts.notShared, 'muted')] },
  ];

  // Issue 24: only images of the task's own files, as the loader read them; one each.
  const files = data.attachments ?? [];
  const fileIds = new Set(files.map((file) => file.id));
  const images = new Map<number, ExportImage>();
  for (const image of data.images ?? [])
    if (fileIds.has(image.attachment_id) && !images.has(image.attachment_id)) images.set(image.attachment_id, image);

  return {
    language,
    rtl: languageOf(language).rtl,
    texts,
    productName: PRODUCT_NAME,
    exportedOn: fillTemplate(texts.exportedOn, { date: stamp(generatedAt) }),
    title: task.title,
    meta,
    description: task.description.trim() ? markdownToBlocks(task.description, { images: new Set(images.keys()) }) : [],
    subtasks: subtaskBlocks(data.subtasks ?? [], texts, language),
    subtasksHeading: `${texts.subtasks} (${(data.subtasks ?? []).filter((subtask) => subtask.is_completed === 1).length}/${(data.subtasks ?? []).length})`,
    attachments: files.map((file) => attachmentView(file, texts, language, stamp)),
    attachmentsHeading: `${texts.attachments} (${files.length})`,
    gallery: files.flatMap((file) => {
      const image = images.get(file.id);
      return image ? [{ image, caption: file.name }] : [];
    }),
    images,
    comments: data.comments.map((c) => commentView(c, language, timeZone, 0)),
    commentCount: countComments(data.comments),
    author: task.owner.name,
    generatedAt,
  };
}

/** Mixes a colour with white (amount 0..1 of white), for chip backgrounds. */
export function tint(hex: string, amount: number): string {
  return mixColor(hex, '#ffffff', amount);
}

/** Mixes a colour with near-black, for text on a tinted chip that stays readable. */
export function shade(hex: string, amount: number): string {
  return mixColor(hex, '#111827', amount);
}

function mixColor(hex: string, other: string, amount: number): string {
  const parse = (value: string) => [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16));
  const a = parse(hex);
  const b = parse(other);
  return `#${a
    .map((channel, i) =>
      Math.round(channel * (1 - amount) + b[i]! * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
