import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What stands in for data on its way: the placeholder shapes, or, when the query waits for the
 * connection (TanStack's `fetchStatus: 'paused'`: offline, and never loaded on this device), a
 * quiet line saying it will load once online (issue 23), instead of shapes that pulse for ever.
 */
export function Loading({ paused, children }: { paused: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (!paused) return children;
  return (
    // No icon: the dashboard's first load, which has a weight budget, shows it.
    <p role="status" data-testid="loads-when-online" className="py-3 text-sm text-muted">
      {t('errors.offline')}
    </p>
  );
}
