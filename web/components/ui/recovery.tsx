import { AlertTriangle, RotateCw } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/class-names.ts';
import { isChunkLoadError, renewFailedImports } from '../../lib/lazy-with-retry.ts';
import { Button } from './button.tsx';
import { ErrorBoundary } from './error-boundary.tsx';

/**
 * Try again renders the broken part anew (and imports it again); for a chunk that did not arrive,
 * Reload comes first: after a deploy the old chunk names are gone, and only a fresh page knows the new ones.
 */
function RecoveryActions({ chunk, onRetry, onClose }: { chunk: boolean; onRetry(): void; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 flex flex-wrap justify-center gap-2">
      {chunk && (
        // No icon of its own: this message is in the dashboard's first load, which has a weight budget.
        <Button onClick={() => window.location.reload()}>{t('recovery.reload')}</Button>
      )}
      <Button variant={chunk ? 'outline' : 'primary'} icon={<RotateCw aria-hidden className="h-4 w-4" />} onClick={onRetry}>
        {t('actions.tryAgain')}
      </Button>
      {onClose && (
        <Button variant="ghost" onClick={onClose}>
          {t('actions.close')}
        </Button>
      )}
    </div>
  );
}

const HEADINGS = { page: 'h1', dialog: 'h2', section: 'h3' } as const;

export interface RecoveryMessageProps {
  error: unknown;
  onRetry(): void;
  /** `page`: a whole screen; `dialog`: in place of a dialog (with Close); `section`: a part of a screen. */
  level: keyof typeof HEADINGS;
  onClose?: () => void;
  headingId?: string;
}

/** What broke, in calm words, with the way out; it takes focus, so keyboard and screen-reader users land on it. */
export function RecoveryMessage({ error, onRetry, level, onClose, headingId }: RecoveryMessageProps) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  const ownId = useId();
  const id = headingId ?? ownId;
  const heading = useRef<HTMLHeadingElement>(null);
  // In the commit that shows the message, not a frame later: nothing can take focus in between.
  useLayoutEffect(() => heading.current?.focus(), []);
  const Heading = HEADINGS[level];
  const Frame = level === 'dialog' ? 'div' : 'section';
  return (
    <Frame
      aria-labelledby={level === 'dialog' ? undefined : id}
      data-testid="recovery-message"
      className={cx(
        'flex flex-col items-center gap-3 text-center',
        level === 'page' ? 'mx-auto max-w-md px-6 py-16' : 'rounded-card border border-line bg-surface px-6 py-8',
      )}
    >
      <AlertTriangle aria-hidden className="h-8 w-8 text-muted" />
      <Heading id={id} ref={heading} tabIndex={-1} className="text-lg font-semibold text-fg">
        {t(chunk ? 'recovery.chunkTitle' : 'recovery.title')}
      </Heading>
      <p className="text-sm text-muted">{t(chunk ? 'recovery.chunkDescription' : 'recovery.description')}</p>
      <RecoveryActions chunk={chunk} onRetry={onRetry} onClose={onClose} />
    </Frame>
  );
}

/**
 * An error boundary whose message stands in the place of what broke, with Try again (and Reload
 * when code did not arrive). `page` for a whole screen (h1), `section` for a part of one (h3).
 * `resetKeys`: when one changes (another address, say), the broken part is tried again.
 */
export function RecoveryBoundary({
  children,
  level,
  resetKeys,
}: {
  children: ReactNode;
  level: 'page' | 'section';
  resetKeys?: unknown[];
}) {
  return (
    <ErrorBoundary
      onError={renewFailedImports}
      resetKeys={resetKeys}
      fallback={(error, reset) => <RecoveryMessage error={error} onRetry={reset} level={level} />}
    >
      {children}
    </ErrorBoundary>
  );
}
