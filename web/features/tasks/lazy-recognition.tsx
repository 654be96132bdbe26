import { Suspense } from 'react';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { lazyWithRetry, renewFailedImports } from '../../lib/lazy-with-retry.ts';
import type { RecognitionProps } from './quick-add-recognition.tsx';

// The parser (chrono-node, rrule, six grammars) loads when a title field first opens.
const Loaded = lazyWithRetry(() => import('./quick-add-recognition.tsx'));

/**
 * Natural-language recognition for a title field, loaded on first use. If its code cannot be
 * loaded (offline, a deploy meanwhile), the field works as a plain one, as the spec's quick add
 * does, and the next time it opens the import is tried again.
 */
export function Recognition(props: RecognitionProps) {
  return (
    <ErrorBoundary fallback={() => null} onError={renewFailedImports}>
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
