import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from './button.tsx';

export function ErrorState({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry(): void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-card border border-line bg-surface px-6 py-10 text-center">
      <AlertTriangle aria-hidden className="h-8 w-8 text-danger" />
      <p className="text-sm text-fg">{message}</p>
      <Button variant="outline" size="sm" icon={<RotateCw aria-hidden className="h-4 w-4" />} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
