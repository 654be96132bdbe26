import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import {
  CalendarCheck,
  CalendarRange,
  CheckCircle2,
  Circle,
  Keyboard,
  Languages,
  ListTodo,
  LogOut,
  Moon,
  Plus,
  Search,
  Settings,
  Sun,
  Tag,
  Users,
  Zap,
} from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../common/locales.ts';
import { SharedTasksPage, TasksPage } from '../../../common/schemas/task.schema.ts';
import { paths } from '../../app/paths.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { labelsQuery } from '../../lib/api/label-queries.ts';
import { useSession } from '../../lib/session.tsx';
import { useSettled } from '../../lib/use-settled.ts';
import { useTheme } from '../../theme/theme-provider.tsx';
import { TODAY_PATH, UPCOMING_PATH } from './navigation.ts';
import { paletteCommands, type PaletteContext } from './shortcut-actions.ts';

export interface CommandPaletteProps {
  /** Closes the palette, then runs `then` (after focus went back where it was). */
  onClose(then?: () => void): void;
  context: PaletteContext;
  /**
   * What was typed while the palette loaded: its search starts with it. Once its field has focus
   * the field takes the keys, and this is set to `null` (nothing more is collected).
   */
  typedAhead?: { current: string | null };
}

/** How long typing pauses before tasks are searched on the server. */
const SEARCH_PAUSE_MS = 150;
const OWN_RESULTS = 6;
const SHARED_RESULTS = 4;

/** For matching what is typed: case, accents and Arabic vowel marks aside. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0640/g, '') // tatweel
    .toLocaleLowerCase();

interface Entry {
  id: string;
  text: string;
  icon: ReactNode;
  run(): void;
  /** Shown after the text, quieter (a task's owner, its state). */
  detail?: string | undefined;
  lang?: string | undefined;
}

const icon = (Icon: typeof Search) => <Icon aria-hidden className="h-4 w-4 shrink-0 text-muted" />;

const itemClasses =
  'flex cursor-pointer items-center gap-3 rounded-control px-3 py-2 text-sm text-fg data-[selected=true]:bg-brand-soft data-[selected=true]:text-brand-strong';
const groupClasses =
  'px-1 pb-2 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted';

/**
 * Ctrl/Cmd+K (issue 21 §6): finds tasks (searched on the server by title and description, own and
 * shared), labels, views and actions; arrows move, Enter runs, Escape closes and focus returns
 * where it was. Loaded, with cmdk, when first opened.
 */
export default function CommandPalette({ onClose, context, typedAhead }: CommandPaletteProps) {
  const commands = useMemo(() => paletteCommands(context), [context]);
  const { t } = useTranslation('shortcuts');
  const { t: tCommon } = useTranslation();
  const [query, setQuery] = useState(() => typedAhead?.current ?? '');
  /** Focus reaches the field a moment after the palette shows: what was typed until then is all taken here. */
  const takeTypedAhead = () => {
    if (typedAhead?.current == null) return;
    setQuery(typedAhead.current);
    typedAhead.current = null;
  };
  const [language] = useLanguage();
  const { resolved } = useTheme();
  const { session } = useSession();
  const search = useSettled(query.trim(), SEARCH_PAUSE_MS);
  const searching = search !== '';

  const tasks = useQuery({
    queryKey: ['tasks', 'palette', search],
    enabled: searching,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const [own, shared] = await Promise.all([
        apiRequest('/api/tasks', { query: { search, limit: OWN_RESULTS }, schema: TasksPage, signal }),
        apiRequest('/api/tasks/shared', { query: { search, limit: SHARED_RESULTS }, schema: SharedTasksPage, signal }),
      ]);
      return [
        ...own.tasks.map((task) => ({ task, scope: 'own' as const })),
        ...shared.shared_tasks.map((task) => ({ task, scope: 'shared' as const })),
      ];
    },
  });
  const labels = useQuery({ ...labelsQuery(), enabled: query.trim() !== '' });

  const run = (action: () => void) => () => onClose(action);

  const words = useMemo(() => fold(query).split(/\s+/).filter(Boolean), [query]);
  const matches = (text: string) => words.every((word) => fold(text).includes(word));

  const groups = useMemo(() => {
    const views: Entry[] = [
      { id: 'view-tasks', text: t('palette.views.tasks'), icon: icon(ListTodo), run: run(() => commands.goTo(paths.dashboard)) },
      { id: 'view-today', text: t('palette.views.today'), icon: icon(CalendarCheck), run: run(() => commands.goTo(TODAY_PATH)) },
      { id: 'view-upcoming', text: t('palette.views.upcoming'), icon: icon(CalendarRange), run: run(() => commands.goTo(UPCOMING_PATH)) },
      { id: 'view-shared', text: t('palette.views.shared'), icon: icon(Users), run: run(() => commands.goTo(paths.shared)) },
      { id: 'view-labels', text: t('palette.views.labels'), icon: icon(Tag), run: run(() => commands.goTo(paths.labels)) },
      { id: 'view-settings', text: t('palette.views.settings'), icon: icon(Settings), run: run(() => commands.goTo(paths.settings)) },
    ];
    const actions: Entry[] = [
      { id: 'action-new', text: t('palette.actions.newTask'), icon: icon(Plus), run: run(commands.newTask) },
      { id: 'action-quick-add', text: t('palette.actions.quickAdd'), icon: icon(Zap), run: run(commands.quickAdd) },
      resolved === 'dark'
        ? { id: 'action-theme', text: t('palette.actions.themeLight'), icon: icon(Sun), run: run(() => commands.setTheme('light')) }
        : { id: 'action-theme', text: t('palette.actions.themeDark'), icon: icon(Moon), run: run(() => commands.setTheme('dark')) },
      { id: 'action-shortcuts', text: t('palette.actions.shortcuts'), icon: icon(Keyboard), run: run(commands.showShortcuts) },
      ...(session.status === 'authenticated'
        ? [{ id: 'action-sign-out', text: t('palette.actions.signOut'), icon: icon(LogOut), run: run(commands.signOut) }]
        : []),
    ];
    const languages: Entry[] = LANGUAGES.filter((entry) => entry.code !== language).map((entry) => ({
      id: `language-${entry.code}`,
      // The language's own name, which is what someone looking for it reads; matched in English too.
      text: entry.nativeName,
      detail: entry.name === entry.nativeName ? undefined : entry.name,
      lang: entry.code,
      icon: icon(Languages),
      run: run(() => commands.setLanguage(entry.code)),
    }));
    const labelEntries: Entry[] = (labels.data ?? []).map((label) => ({
      id: `label-${label.id}`,
      text: label.name,
      detail: t('palette.showLabel', { label: label.name }),
      icon: icon(Tag),
      run: run(() => commands.showLabel(label.name)),
    }));
    const pick = (entries: Entry[]) => entries.filter((entry) => matches(`${entry.text} ${entry.detail ?? ''}`));
    return {
      views: pick(views),
      actions: pick(actions),
      languages: words.length > 0 ? pick(languages) : [],
      labels: words.length > 0 ? pick(labelEntries).slice(0, 6) : [],
    };
    // `run` closes over onClose and commands only, which are stable for the palette's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [words, t, resolved, language, session.status, labels.data, commands]);

  // Until the answer for what is typed now arrives, the last answer stays only where its titles
  // still match: a result of "h" that is not "home" must not be under the arrows and Enter while
  // "home" is being searched (it would vanish, or open, a moment later).
  const current = search === query.trim() && !tasks.isPlaceholderData;
  const found =
    !searching || words.length === 0 ? [] : current ? (tasks.data ?? []) : (tasks.data ?? []).filter(({ task }) => matches(task.title));
  const waiting = query.trim() !== '' && (search !== query.trim() || tasks.isFetching);
  const nothing = !waiting && found.length === 0 && Object.values(groups).every((entries) => entries.length === 0) ? query.trim() : null;

  const item = (entry: Entry) => (
    <Command.Item key={entry.id} value={entry.id} onSelect={entry.run} className={itemClasses} data-testid={`palette-${entry.id}`}>
      {entry.icon}
      <span lang={entry.lang} className={entry.lang ? 'font-[family-name:ui-sans-serif,system-ui,sans-serif]' : undefined}>
        {entry.text}
      </span>
      {entry.detail && <span className="ms-auto truncate text-xs text-muted">{entry.detail}</span>}
    </Command.Item>
  );
  const group = (heading: string, entries: Entry[]) =>
    entries.length > 0 && (
      <Command.Group heading={heading} className={groupClasses}>
        {entries.map(item)}
      </Command.Group>
    );

  return (
    <Dialog
      open
      onClose={() => onClose()}
      title={t('palette.title')}
      closeLabel={tCommon('actions.close')}
      size="md"
      placement="top"
      testId="command-palette"
    >
      <Command
        label={t('palette.label')}
        shouldFilter={false}
        loop
        onKeyDown={(event) => {
          // The shortcut that opened it closes it.
          if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
            event.preventDefault();
            onClose();
          }
        }}
        className="-mx-2 -my-1"
      >
        <div className="relative mx-2 mb-2">
          <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
          <Command.Input
            value={query}
            onValueChange={setQuery}
            onFocus={takeTypedAhead}
            placeholder={t('palette.placeholder')}
            data-autofocus
            className="h-11 w-full rounded-control border border-line bg-surface ps-9 pe-3 text-sm text-fg placeholder:text-muted/80 focus:border-brand focus:outline-none focus:ring-2 focus:ring-ring/40"
          />
        </div>
        <Command.List className="max-h-[min(60dvh,26rem)] overflow-y-auto" aria-label={t('palette.results')}>
          {found.length > 0 && (
            <Command.Group heading={t('palette.groups.tasks')} className={groupClasses}>
              {found.map(({ task, scope }) => (
                <Command.Item
                  key={`${scope}-${task.id}`}
                  value={`task-${task.id}`}
                  onSelect={run(() => commands.openTask(task, scope))}
                  className={itemClasses}
                  data-testid="palette-task"
                >
                  {task.is_completed === 1 ? icon(CheckCircle2) : icon(Circle)}
                  <span dir="auto" className="min-w-0 truncate">
                    {task.title}
                  </span>
                  {(scope === 'shared' || task.is_completed === 1) && (
                    <span className="ms-auto shrink-0 text-xs text-muted">
                      {scope === 'shared' && task.owner ? t('palette.sharedBy', { name: task.owner.name }) : t('palette.completed')}
                    </span>
                  )}
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {group(t('palette.groups.labels'), groups.labels)}
          {group(t('palette.groups.views'), groups.views)}
          {group(t('palette.groups.actions'), groups.actions)}
          {group(t('palette.groups.languages'), groups.languages)}
        </Command.List>
        {/* Outside the list, which holds options only; said as it changes. */}
        <p role="status" className={waiting || nothing !== null ? 'px-4 py-4 text-center text-sm text-muted' : 'sr-only'}>
          {nothing !== null ? t('palette.empty', { query: nothing }) : waiting && found.length === 0 ? t('palette.searching') : ''}
        </p>
      </Command>
    </Dialog>
  );
}
