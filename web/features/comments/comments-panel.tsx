import { useQuery } from '@tanstack/react-query';
import { MessageSquare, Pencil, Reply, Send } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/limits.ts';
import type { Comment } from '../../../common/schemas/comment.schema.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { commentsQuery, useAddComment, useEditComment } from '../../lib/api/comment-queries.ts';
import { cx } from '../../lib/class-names.ts';
import { commentFullTime, commentTimeText } from '../../lib/relative-time.ts';
import { useMentionSuggestions } from './mention-suggestions.tsx';
import { mentionablePeople, mentionedIds, splitMentions, type Mentionable } from './mentions.ts';
import { Loading } from '../../components/ui/loading.tsx';

export interface CommentsPanelProps {
  /** The task; its owner and people are whom a comment can @mention (issue 22). */
  task: Pick<Task, 'id'> & Partial<Pick<Task, 'owner' | 'shared_with'>>;
  currentUserId: number;
  /** Shown apart where a comment mentions the reader. */
  currentUserName?: string;
}

/** Spec §2 comments tab: a tree with one level of replies, the add box at the end. */
export function CommentsPanel(props: CommentsPanelProps) {
  return (
    <Suspense fallback={<CommentsSkeleton />}>
      <CommentsThread {...props} />
    </Suspense>
  );
}

function CommentsSkeleton() {
  return (
    <div className="space-y-5" aria-hidden>
      {[0, 1].map((key) => (
        <div key={key} className="flex gap-3">
          <Skeleton className="h-8 w-8 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Re-renders every so often so 'Just now' becomes '1m ago' without a reload. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Only one reply box or edit box is open at a time. */
type Active = { kind: 'reply' | 'edit'; commentId: number } | null;

function CommentsThread({ task, currentUserId, currentUserName }: CommentsPanelProps) {
  const { t, i18n } = useTranslation('comments');
  const people = mentionablePeople(task, currentUserId);
  const names = [...people.map((person) => person.name), ...(currentUserName ? [currentUserName] : [])];
  const comments = useQuery(commentsQuery(task.id));
  const addComment = useAddComment(task.id);
  const addReply = useAddComment(task.id);
  const edit = useEditComment(task.id);
  const now = useNow(30_000);
  const [active, setActive] = useState<Active>(null);
  const failed = (error: unknown, fallback: string) => errorMessage(error, fallback, t('common:errors.pleaseTryAgain'));

  const open = (next: Active) => {
    addReply.reset();
    edit.reset();
    setActive(next);
  };

  async function submitComment(content: string) {
    try {
      await addComment.mutateAsync({ content, parentId: null, mentions: mentionedIds(content, people) });
      return true;
    } catch {
      return false;
    }
  }

  async function submitReply(parentId: number, content: string) {
    try {
      await addReply.mutateAsync({ content, parentId, mentions: mentionedIds(content, people) });
      setActive(null);
      return true;
    } catch {
      return false;
    }
  }

  async function submitEdit(commentId: number, content: string) {
    try {
      await edit.mutateAsync({ commentId, content, mentions: mentionedIds(content, people) });
      setActive(null);
      return true;
    } catch {
      return false;
    }
  }

  if (comments.isPending)
    return (
      <Loading paused={comments.fetchStatus === 'paused'}>
        <CommentsSkeleton />
      </Loading>
    );
  if (comments.isError) {
    return (
      <ErrorState
        message={failed(comments.error, t('errors.load'))}
        retryLabel={t('common:actions.tryAgain')}
        onRetry={() => void comments.refetch()}
      />
    );
  }

  const item = (comment: Comment, isReply: boolean) => {
    const mine = comment.user_id === currentUserId;
    const editing = active?.kind === 'edit' && active.commentId === comment.id;
    return (
      <article data-testid="comment" data-comment-id={comment.id} data-reply={isReply ? 'true' : 'false'} className="flex gap-3">
        <Avatar name={comment.user_name} photo={comment.user_photo} size="sm" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <span className="text-sm font-semibold text-fg" data-testid="comment-author">
              <bdi>{comment.user_name}</bdi>
              {mine && <span className="font-normal text-muted"> ({t('you')})</span>}
            </span>
            <time className="text-xs text-muted" dateTime={comment.created_at} title={commentFullTime(comment.created_at, i18n.language)}>
              {commentTimeText(comment.created_at, now, i18n.language, t('time.justNow'))}
            </time>
            {comment.updated_at !== comment.created_at && (
              <span className="text-xs text-muted" title={commentFullTime(comment.updated_at, i18n.language)}>
                · {t('edited')}
              </span>
            )}
          </div>
          {editing ? (
            <div className="mt-2">
              <Composer
                label={t('edit.label')}
                placeholder={t('edit.label')}
                submitLabel={t('edit.submit')}
                busyLabel={t('edit.submitting')}
                initial={comment.content}
                busy={edit.isPending}
                error={edit.isError ? failed(edit.error, t('errors.edit')) : null}
                autoFocus
                onSubmit={(content) => submitEdit(comment.id, content)}
                onCancel={() => open(null)}
                people={people}
                testId="comment-edit-box"
              />
            </div>
          ) : (
            <p dir="auto" className="mt-0.5 text-sm leading-6 break-words whitespace-pre-wrap text-fg" data-testid="comment-content">
              {splitMentions(comment.content, names).map((part, index) =>
                part.mention ? (
                  <span key={index} className="rounded-sm bg-brand-soft px-0.5 font-medium text-brand-strong" data-testid="comment-mention">
                    {part.text}
                  </span>
                ) : (
                  part.text
                ),
              )}
            </p>
          )}
          {comment.id < 0 ? (
            // Written offline (decision 033): replied to and edited once the server has it.
            <p className="mt-1 text-xs text-muted" data-testid="comment-waiting">
              {t('waitingToSync')}
            </p>
          ) : (
            !editing &&
            (!isReply || mine) && (
              <div className="-ms-2 mt-1 flex items-center gap-1">
                {/* Spec §6: replies only on top-level comments (one level). */}
                {!isReply && (
                  <button
                    type="button"
                    className={actionClasses}
                    onClick={() => open({ kind: 'reply', commentId: comment.id })}
                    aria-expanded={active?.kind === 'reply' && active.commentId === comment.id}
                    aria-label={t('reply.label', { name: comment.user_name })}
                    data-testid="comment-reply"
                  >
                    <Reply aria-hidden className="rtl-mirror h-3.5 w-3.5" />
                    {t('reply.action')}
                  </button>
                )}
                {/* Spec §6: only the author sees the edit button. */}
                {mine && (
                  <button
                    type="button"
                    className={actionClasses}
                    onClick={() => open({ kind: 'edit', commentId: comment.id })}
                    data-testid="comment-edit"
                  >
                    <Pencil aria-hidden className="h-3.5 w-3.5" />
                    {t('edit.action')}
                  </button>
                )}
              </div>
            )
          )}
        </div>
      </article>
    );
  };

  const list = comments.data;
  return (
    <div className="space-y-6" data-testid="comments-panel">
      {list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-line px-4 py-8 text-center">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-soft text-brand-strong">
            <MessageSquare aria-hidden className="h-5 w-5" />
          </span>
          <p className="text-sm font-medium text-fg">{t('emptyTitle')}</p>
          <p className="max-w-xs text-sm text-muted">{t('emptyText')}</p>
        </div>
      ) : (
        <ol className="space-y-5" aria-label={t('title')} data-testid="comment-list">
          {list.map((comment) => {
            const replying = active?.kind === 'reply' && active.commentId === comment.id;
            return (
              <li key={comment.id}>
                {item(comment, false)}
                {comment.children.length > 0 && (
                  <ol
                    className="ms-4 mt-3 space-y-4 border-s-2 border-line ps-3 sm:ms-11 sm:ps-4"
                    aria-label={t('replies', { name: comment.user_name })}
                  >
                    {comment.children.map((reply) => (
                      <li key={reply.id}>{item(reply, true)}</li>
                    ))}
                  </ol>
                )}
                {replying && (
                  <div className="ms-4 mt-3 ps-3 sm:ms-11 sm:ps-4">
                    <Composer
                      label={t('reply.label', { name: comment.user_name })}
                      placeholder={t('reply.placeholder')}
                      submitLabel={t('reply.submit')}
                      busyLabel={t('reply.submitting')}
                      busy={addReply.isPending}
                      error={addReply.isError ? failed(addReply.error, t('errors.reply')) : null}
                      autoFocus
                      onSubmit={(content) => submitReply(comment.id, content)}
                      onCancel={() => open(null)}
                      people={people}
                      testId="reply-box"
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <Composer
        label={t('add.label')}
        placeholder={t('add.placeholder')}
        submitLabel={t('add.submit')}
        busyLabel={t('add.submitting')}
        busy={addComment.isPending}
        error={addComment.isError ? failed(addComment.error, t('errors.add')) : null}
        collapsible
        hint={t('add.hint')}
        onSubmit={submitComment}
        onCancel={() => addComment.reset()}
        people={people}
        testId="comment-box"
      />
    </div>
  );
}

const actionClasses =
  'inline-flex h-8 items-center gap-1 rounded-control px-2 text-xs font-medium text-muted hover:bg-surface-2 hover:text-fg';

interface ComposerProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  /** The text being edited; submitting it unchanged does nothing. */
  initial?: string;
  /** The add box: one line until focused, and back to one line when left empty. */
  collapsible?: boolean;
  autoFocus?: boolean;
  hint?: string;
  /** Resolves true when the text was saved (the box then clears). */
  onSubmit(content: string): Promise<boolean>;
  onCancel(): void;
  /** Whom "@" offers to mention (issue 22). */
  people: readonly Mentionable[];
  testId: string;
}

function Composer({
  label,
  placeholder,
  submitLabel,
  busyLabel,
  busy,
  error,
  initial,
  collapsible = false,
  autoFocus = false,
  hint,
  onSubmit,
  onCancel,
  people,
  testId,
}: ComposerProps) {
  const { t } = useTranslation('comments');
  const id = useId();
  const [value, setValue] = useState(initial ?? '');
  const [expanded, setExpanded] = useState(!collapsible);
  const box = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionSuggestions(box, value, setValue, people);
  const trimmed = value.trim();
  // Spec §5: comments, replies and edits are non-empty after trimming.
  const canSubmit = trimmed !== '' && !busy && (initial === undefined || trimmed !== initial.trim());

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSubmit) return;
    if (await onSubmit(trimmed)) {
      setValue('');
      if (collapsible) setExpanded(false);
    }
  }

  const cancel = () => {
    setValue(initial ?? '');
    if (collapsible) setExpanded(false);
    onCancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An open list of people takes the arrows, Enter, Tab and Escape first.
    if (mention.onKeyDown(event)) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && (!collapsible || value !== '')) {
      // Closes this box, not the task dialog around it.
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2" data-testid={testId} data-expanded={expanded ? 'true' : 'false'}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        ref={box}
        id={id}
        dir="auto"
        value={value}
        {...mention.textareaProps}
        rows={expanded ? 3 : 1}
        maxLength={LIMITS.commentMax}
        placeholder={people.length ? `${placeholder} ${t('mentions.hint')}` : placeholder}
        // The reply and edit boxes open because the user asked for them: focus goes there.
        autoFocus={autoFocus}
        onChange={(event) => {
          setValue(event.target.value);
          mention.onCaretMove();
        }}
        onSelect={mention.onCaretMove}
        onFocus={() => setExpanded(true)}
        onBlur={() => {
          mention.close();
          if (collapsible && value.trim() === '') {
            setValue('');
            setExpanded(false);
          }
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(
          'block w-full rounded-control border border-line bg-surface px-3 py-2 text-sm leading-6 text-fg transition-[min-height] duration-150',
          'placeholder:text-muted/80 focus:border-brand focus:ring-2 focus:ring-ring/40 focus:outline-none',
          expanded ? 'min-h-24 resize-y' : 'min-h-10 resize-none overflow-hidden',
        )}
      />
      {mention.list}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {expanded && (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {hint && <span className="me-auto hidden text-xs text-muted sm:inline">{hint}</span>}
          <Button variant="ghost" size="sm" onClick={cancel} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" size="sm" disabled={!canSubmit} busy={busy} icon={<Send aria-hidden className="rtl-mirror h-3.5 w-3.5" />}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
