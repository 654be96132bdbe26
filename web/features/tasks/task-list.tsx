import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Loader2 } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Density } from '../../../common/constants.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { TaskCard, type TaskCardProps } from './task-card.tsx';

type CardHandlers = Pick<TaskCardProps, 'onOpen' | 'onToggle' | 'showOwner' | 'today'>;

function useColumns(element: HTMLElement | null, layout: 'list' | 'grid') {
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    if (!element || layout === 'list') {
      setColumns(1);
      return;
    }
    const measure = () => setColumns(element.clientWidth >= 1024 ? 3 : element.clientWidth >= 640 ? 2 : 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, layout]);
  return columns;
}

/** Rows from the end of the loaded tasks at which the next page is asked for: it arrives before the end is on screen. */
const LOAD_AHEAD_ROWS = 20;

/**
 * Only the rows on screen are in the DOM, so 10,000 tasks scroll as smoothly as 10.
 * Grid rows hold 1–3 cards depending on the width. Nearing the end of what is loaded, it asks
 * for more (`onEndReached`), so a long list arrives a page at a time as it is scrolled.
 */
export function TaskList({
  tasks,
  layout,
  density = 'comfortable',
  onEndReached,
  loadingMore = false,
  ...handlers
}: { tasks: Task[]; layout: 'list' | 'grid'; density?: Density; onEndReached?: () => void; loadingMore?: boolean } & CardHandlers) {
  const { t } = useTranslation('tasks');
  const container = useRef<HTMLDivElement>(null);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => setElement(container.current), []);
  const columns = useColumns(element, layout);
  const rows = Math.ceil(tasks.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    // Close to the cards' usual heights, so the scrollbar barely moves as rows are measured.
    estimateSize: () => (layout === 'grid' ? (density === 'compact' ? 110 : 150) : density === 'compact' ? 42 : 84),
    overscan: 6,
    gap: density === 'compact' ? 6 : 8,
    scrollMargin: element?.offsetTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const lastShownRow = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onEndReached && lastShownRow >= rows - LOAD_AHEAD_ROWS) onEndReached();
  }, [onEndReached, lastShownRow, rows]);

  return (
    <div ref={container} data-testid="task-list" data-layout={layout}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              insetInlineStart: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <div className="grid gap-2" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
              {tasks.slice(row.index * columns, row.index * columns + columns).map((task) => (
                <TaskCard key={task.id} task={task} layout={layout} density={density} {...handlers} />
              ))}
            </div>
          </div>
        ))}
      </div>
      {loadingMore && (
        <p role="status" className="flex items-center justify-center gap-2 py-4 text-sm text-muted" data-testid="loading-more">
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
          {t('list.loadingMore')}
        </p>
      )}
    </div>
  );
}
