import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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

/**
 * Only the rows on screen are in the DOM, so 10,000 tasks scroll as smoothly as 10.
 * Grid rows hold 1–3 cards depending on the width.
 */
export function TaskList({ tasks, layout, ...handlers }: { tasks: Task[]; layout: 'list' | 'grid' } & CardHandlers) {
  const container = useRef<HTMLDivElement>(null);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => setElement(container.current), []);
  const columns = useColumns(element, layout);
  const rows = Math.ceil(tasks.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => (layout === 'grid' ? 180 : 116),
    overscan: 6,
    gap: 12,
    scrollMargin: element?.offsetTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();

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
            <div className="grid gap-3" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
              {tasks.slice(row.index * columns, row.index * columns + columns).map((task) => (
                <TaskCard key={task.id} task={task} layout={layout} {...handlers} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
