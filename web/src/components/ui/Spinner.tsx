import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 24 24"
      className={cn('h-5 w-5 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', className)}
      fill="none"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Whole-viewport loading state, used while the signed-in state is still unknown (docs/product.md §2). */
export function PageSpinner() {
  return (
    <div role="status" data-testid="page-spinner" className="flex min-h-dvh flex-1 items-center justify-center">
      <Spinner className="h-8 w-8 text-highlight" label="Loading" />
    </div>
  );
}
