import type { Generated } from 'kysely';

/**
 * Row shapes shared by SQLite and PostgreSQL. Timestamps are ISO 8601 UTC strings and
 * booleans are 0/1 on both, so the same queries and the same JSON come out of either.
 */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  user_photo: string | null;
  language: string | null;
  created_at: string;
  updated_at: string;
  /** Bumped in the same transaction as any write that changes one of this user's task lists (list ETags). */
  data_version: Generated<number>;
  /** When the address was proven by a link mailed to it (migration 005); shares attach only then. */
  email_verified_at: string | null;
  /** IANA time zone (migration 008); null until set, read as UTC. Decides this person's "today" on the server. */
  time_zone: string | null;
}

export interface AccountLinksTable {
  id: Generated<number>;
  /** null for an invitation link, which belongs to an address rather than an account. */
  user_id: number | null;
  purpose: string;
  /** The address the link was mailed to, which following it proves. */
  email: string;
  /** SHA-256 (hex) of the link's secret; the secret itself is only in the e-mail. */
  secret_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  expires_at: string;
  last_used_at: string | null;
  created_at: string;
  /** The browser that signed in (migration 005), to name the session in settings. */
  user_agent: string | null;
  /** `session` (a sign-in) or `api` (a personal API token made in Settings, migration 023). */
  kind: Generated<string>;
  /** An API token's: `read` or `write`; null for a session. */
  scope: string | null;
}

export interface UserPhotosTable {
  user_id: number;
  /** Random: the photo's address is `/api/user-photos/<key>.webp`, new with every upload. */
  photo_key: string;
  /** WebP, 256×256, made by sharp from the upload. */
  content: Buffer;
  created_at: string;
}

export interface TasksTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string;
  due_date: string | null;
  priority: string;
  /** high 3, medium 2, low 1: lets an index serve the priority sort. */
  priority_rank: number;
  is_completed: number;
  created_at: string;
  updated_at: string;
  /**
   * Bumped by every write that changes the task as a list shows it (its fields, labels,
   * shares and their status); a rendered task is cached under (id, revision). A future
   * write that changes a name shown in lists (a label rename, a profile edit) must bump it too.
   */
  revision: Generated<number>;
  /** A time of day on the due date, `HH:MM` (migration 008); never without a due date. */
  due_time: string | null;
  /** An RFC 5545 RRULE value without DTSTART (migration 008); a repeating task always has a due date. */
  recurrence: string | null;
  /** `due_date` (fixed schedule) or `completion` (the rule's interval after the day it was completed). */
  recurrence_from: Generated<string>;
}

export interface LabelsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** lower-cased name: one label per name regardless of case. */
  name_key: string;
  color: string | null;
  created_at: string;
}

export interface TaskLabelsTable {
  task_id: number;
  label_id: number;
  position: number;
}

export interface TaskSharesTable {
  id: Generated<number>;
  task_id: number;
  /** null while the address has no account yet (an invitation). */
  user_id: number | null;
  email: string;
  status: string;
  shared_by: number;
  created_at: string;
  updated_at: string;
}

export interface CommentsTable {
  id: Generated<number>;
  task_id: number;
  user_id: number;
  parent_id: number | null;
  content: string;
  created_at: string;
  updated_at: string;
}

/** A file on a task (migration 019, issue 24): its bytes are in the file store under storage_key. */
export interface AttachmentsTable {
  id: Generated<number>;
  /** Null while staged: an image pasted into a description not yet saved (decision 037). */
  task_id: number | null;
  /** Who added it: who (with the task's owner) may delete it. It counts on the task owner's quota. */
  user_id: number;
  name: string;
  mime: string;
  size: number;
  /** Null for a link to a file on a connected drive (`link_url`). */
  storage_key: string | null;
  link_url: string | null;
  thumbnail_key: string | null;
  created_at: string;
}

/** A step of a task (migration 009): ordered by position, one level deep, gone with its task. */
export interface SubtasksTable {
  id: Generated<number>;
  task_id: number;
  title: string;
  is_completed: Generated<number>;
  /** `YYYY-MM-DD`, or null for none. */
  due_date: string | null;
  /** Its place in the task's list, ascending; gaps allowed (ties broken by id). */
  position: number;
  created_at: string;
  updated_at: string;
}

export interface ActivityLogsTable {
  id: Generated<number>;
  task_id: number;
  user_id: number | null;
  description: string;
  /** JSON of an ActivityEvent (migration 004); null on entries written before it. */
  event: string | null;
  created_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** A message queued twice under one key is queued once (migration 013); null: not compared. */
  idempotency_key: string | null;
  /** What it is about (migration 016): sent only if still true when it leaves; null: about no task. */
  about_task_id: number | null;
  about_user_id: number | null;
  about_comment_id: number | null;
  about_kind: string | null;
  /** The reminder it tells of and the moment that fell due (migration 017): held, it goes only if both still hold. */
  about_reminder_id: number | null;
  about_fire_at: string | null;
}

/**
 * A deleted task kept for its undo window (migration 010, decision 021): the task and every row that
 * belonged to it as JSON (db/repositories/deleted-task.repository.ts), until `restorable_until`.
 */
export interface DeletedTasksTable {
  task_id: number;
  owner_id: number;
  deleted_by: number;
  snapshot: string;
  deleted_at: string;
  restorable_until: string;
}

/** One thing a person should hear of, about a task (migration 011, issue 22). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  task_id: number;
  actor_id: number | null;
  comment_id: number | null;
  excerpt: string;
  created_at: string;
  read_at: string | null;
}

/** A person's reminder of a task (migration 012, issue 22). */
export interface RemindersTable {
  id: Generated<number>;
  task_id: number;
  user_id: number;
  offset_minutes: number | null;
  remind_at: string | null;
  fire_at: string | null;
  state: string;
  created_at: string;
  sent_at: string | null;
}

/** A person's Settings → Notifications (migration 013, issue 22); no row: the defaults. */
export interface NotificationSettingsTable {
  user_id: number;
  /** JSON: kind → { in_app, email }. */
  channels: string;
  quiet_start: string | null;
  quiet_end: string | null;
  digest_time: string | null;
  /** The instant the next digest is due (null: no digest). */
  digest_next_at: string | null;
  default_reminder_minutes: number | null;
  updated_at: string;
}

/** A counted limit shared by every app process (migration 014). */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  /** ISO instant the window ends; a hit after it starts a new window. */
  window_ends_at: string;
}

/** An open live-update stream, counted for the per-account cap across processes (migration 014). */
export interface LiveStreamsTable {
  id: Generated<number>;
  user_id: number;
  /** Renewed by its process while the stream is open; past it, the row no longer counts. */
  lease_until: string;
}

/** Keys the server makes for itself and every process shares (migration 015): the VAPID key pair. */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: string;
}

/** A browser a person allowed to show notifications (migration 015, issue 22). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which messages are encrypted to. */
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: string;
  last_used_at: string | null;
  /** The sign-in that enabled it (migration 016): signing out removes it. */
  token_id: number | null;
}

/** A push message to send to one browser (migration 015). */
export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: number;
  /** JSON: { title, body, url, tag }. */
  payload: string;
  idempotency_key: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** What it is about (migration 016), for its browser's person. */
  about_task_id: number | null;
  about_comment_id: number | null;
  about_kind: string | null;
  /** The reminder it tells of and the moment that fell due (migration 017): held, it goes only if both still hold. */
  about_reminder_id: number | null;
  about_fire_at: string | null;
}

/** A delivered reminder's single-use snooze secret (migration 017), hashed. */
export interface SnoozeLinksTable {
  id: Generated<number>;
  secret_hash: string;
  user_id: number;
  task_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A task creation's Idempotency-Key (migration 018, decision 034); task_id null until its create commits. */
export interface TaskCreateKeysTable {
  user_id: number;
  key: string;
  task_id: number | null;
  created_at: string;
}

/** A person's connected WebDAV drive (migration 020, issue 24); `secret` is the app password sealed (server/drive/secret-box.ts). */
export interface DriveConnectionsTable {
  user_id: number;
  provider: string;
  url: string;
  username: string;
  secret: string;
  created_at: string;
  checked_at: string;
}

/**
 * A person's private calendar feed (migration 022, issue 25). The feed's address carries a token made
 * from `salt` with the server's `calendar_feed_key` (server/services/calendar-feed.service.ts): the
 * row alone does not give the address away, and a new salt makes the old address stop working.
 */
export interface CalendarFeedsTable {
  user_id: number;
  salt: string;
  created_at: string;
}

/** Facts about this database as a whole (migration 006): `list_epoch`, renewed by every restore. */
export interface InstanceTable {
  name: string;
  value: string;
}

export interface Tables {
  users: UsersTable;
  personal_access_tokens: PersonalAccessTokensTable;
  tasks: TasksTable;
  labels: LabelsTable;
  task_labels: TaskLabelsTable;
  task_shares: TaskSharesTable;
  comments: CommentsTable;
  subtasks: SubtasksTable;
  activity_logs: ActivityLogsTable;
  mail_outbox: MailOutboxTable;
  account_links: AccountLinksTable;
  user_photos: UserPhotosTable;
  instance: InstanceTable;
  deleted_tasks: DeletedTasksTable;
  notifications: NotificationsTable;
  reminders: RemindersTable;
  notification_settings: NotificationSettingsTable;
  rate_limit_counters: RateLimitCountersTable;
  live_streams: LiveStreamsTable;
  server_keys: ServerKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  snooze_links: SnoozeLinksTable;
  task_create_keys: TaskCreateKeysTable;
  attachments: AttachmentsTable;
  drive_connections: DriveConnectionsTable;
  calendar_feeds: CalendarFeedsTable;
}
