import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from './button.tsx';
import { Logo } from './logo.tsx';

/** A minimal public page: a title and the way back home. */
export function PublicPlaceholder({ title, backLabel }: { title: string; backLabel: string }) {
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-3xl flex-col items-start gap-6 px-6 py-12">
      <Logo />
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <Link to="/" className={buttonClasses('outline')}>
        <ArrowLeft aria-hidden className="rtl-mirror h-4 w-4" />
        {backLabel}
      </Link>
    </main>
  );
}
