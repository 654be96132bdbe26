import type { UseQueryResult } from '@tanstack/react-query';
import { Copy, RotateCw, type LucideIcon } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { inputClasses } from '../../components/ui/text-field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { cx } from '../../lib/class-names.ts';

/**
 * A working integration in Settings → Integrations (the drive, the calendar feed, API tokens): a
 * card across the grid with its icon, name, state badge and what it does, then its own content.
 */
export function IntegrationCard({
  integration,
  testId,
  icon: Icon,
  name,
  badge,
  description,
  children,
}: {
  integration: string;
  testId: string;
  icon: LucideIcon;
  name: string;
  badge?: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="rounded-control border border-line p-4 sm:col-span-2" data-integration={integration} data-testid={testId}>
      <div className="flex items-start gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-control bg-brand-soft text-brand-strong">
          <Icon aria-hidden className="h-4.5 w-4.5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium text-fg">{name}</p>
            {badge}
          </div>
          {description}
        </div>
      </div>
      {children}
    </li>
  );
}

/** While an integration's state loads, a bar; when it failed, the reason with Try again; else `children` with the data. */
export function IntegrationState<T>({
  query,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('common');
  if (query.isPending) return <span aria-hidden className="mt-4 block h-10 animate-pulse rounded-control bg-surface-2" />;
  if (query.isError) {
    return (
      <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 rounded-control bg-danger-soft px-4 py-3 text-sm text-danger">
        <span className="flex-1">{failed}</span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} icon={<RotateCw aria-hidden className="h-3.5 w-3.5" />}>
          {t('actions.tryAgain')}
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * A value to paste elsewhere (a feed's address, a new token), left to right in any language, with a
 * Copy button; where the clipboard is refused, the value is selected for the person to copy.
 */
export function CopyField({
  id,
  value,
  copied,
  inputRef,
  describedBy,
  testId,
  children,
}: {
  id: string;
  value: string;
  /** Said once it is on the clipboard. */
  copied: string;
  inputRef: RefObject<HTMLInputElement | null>;
  describedBy?: string;
  testId: string;
  /** More buttons on the same line. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.show(copied);
    } catch {
      inputRef.current?.select();
      toast.show(t('copy.byHand'), 'error');
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      <input
        ref={inputRef}
        id={id}
        readOnly
        dir="ltr"
        value={value}
        aria-describedby={describedBy}
        onFocus={(event) => event.currentTarget.select()}
        className={cx(inputClasses, 'min-w-0 flex-1 basis-64 font-mono text-xs')}
        data-testid={testId}
      />
      <Button variant="outline" icon={<Copy aria-hidden className="h-4 w-4" />} onClick={() => void copy()}>
        {t('copy.action')}
      </Button>
      {children}
    </div>
  );
}
