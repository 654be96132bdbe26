import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ActivityLog } from '../../../common/schemas/activity.schema.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { activityLines } from './activity-text.ts';
import { dateTimeText } from './task-dates.ts';

export function TaskActivity({ logs }: { logs: ActivityLog[] }) {
  // The schedule namespace words repeat rules (loaded with the dialog's repeat section anyway).
  const { t, i18n } = useTranslation(['tasks', 'schedule']);
  const schedule = i18n.getFixedT(null, 'schedule');
  if (logs.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <History aria-hidden className="h-4 w-4" /> {t('detail.noActivity')}
      </p>
    );
  }
  return (
    <ol className="space-y-4" data-testid="activity-list">
      {logs.map((log) => (
        <li key={log.id} className="flex gap-3">
          <Avatar name={log.user_name ?? '?'} photo={log.user_photo} size="sm" />
          <div className="min-w-0 text-sm">
            <p className="text-fg">
              {/* Isolated, so a Latin name beside an Arabic date (or the reverse) keeps each in one piece. */}
              <bdi className="font-medium" title={log.user_email ?? undefined}>
                {log.user_name ?? t('detail.someone')}
              </bdi>{' '}
              <span className="text-muted">·</span>{' '}
              <bdi>
                <time className="text-xs text-muted" dateTime={log.created_at}>
                  {dateTimeText(log.created_at, i18n.language)}
                </time>
              </bdi>
            </p>
            {activityLines(log, t, i18n.language, schedule).map((line, index) => (
              <p key={index} className="mt-0.5 break-words text-muted">
                {line}
              </p>
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}
