import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../../lib/class-names.ts';

export const inputClasses =
  'block w-full rounded-control border border-line bg-surface px-3 py-2.5 max-md:min-h-11 text-sm text-fg placeholder:text-muted/80 focus:border-brand focus:outline-none focus:ring-2 focus:ring-ring/40 disabled:opacity-60';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Adds a show/hide toggle (spec §2 login and signup). */
  revealable?: { show: string; hide: string };
  /**
   * Drawn after the input in its positioned box, with the input made see-through over the box's
   * background: quick-add recognition highlights words under the text and lists chips below it.
   */
  adornment?: ReactNode;
  /** The input element (React 19 passes refs as props). */
  ref?: Ref<HTMLInputElement>;
}

/** The icon of the show/hide toggle: what pressing it does next. */
export function RevealIcon({ revealed }: { revealed: boolean }) {
  return revealed ? <EyeOff aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />;
}

export function TextField({ label, error, hint, revealable, adornment, id, className, type, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const [revealed, setRevealed] = useState(false);
  const effectiveType = revealable ? (revealed ? 'text' : 'password') : type;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      <div className={cx('relative', adornment ? 'rounded-control bg-surface' : undefined)}>
        <input
          id={inputId}
          type={effectiveType}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cx(
            adornment ? `${inputClasses.replace('bg-surface', 'bg-transparent')} relative z-[1]` : inputClasses,
            revealable && 'pe-11',
            error && 'border-danger focus:border-danger',
          )}
          {...rest}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            className="absolute inset-y-0 end-0 flex w-10 max-md:w-11 items-center justify-center rounded-e-control text-muted hover:text-fg"
            aria-label={revealed ? revealable.hide : revealable.show}
            aria-pressed={revealed}
            aria-controls={inputId}
          >
            <RevealIcon revealed={revealed} />
          </button>
        )}
        {adornment}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger" role="alert">
          {/* Isolated: the server's English message in an Arabic form keeps its full stop at its end. */}
          <bdi>{error}</bdi>
        </p>
      ) : hint ? (
        <p className="mt-1.5 text-xs text-muted">{hint}</p>
      ) : null}
    </div>
  );
}
