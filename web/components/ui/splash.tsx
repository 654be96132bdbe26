import { Logo } from './logo.tsx';

/** Full-screen splash while the session is read (spec §2). */
export function Splash({ label }: { label: string }) {
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-bg" role="status" aria-live="polite">
      <Logo className="text-2xl" />
      <div className="flex items-center gap-2 text-sm text-muted">
        <span className="h-2 w-2 animate-pulse rounded-full bg-brand" />
        {label}
      </div>
    </div>
  );
}
