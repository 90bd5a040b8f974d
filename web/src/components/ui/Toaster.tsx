import { Toast } from 'radix-ui';
import { cn } from '../../lib/cn';
import {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastItem,
  type ToastVariant,
  useToasts,
} from './toast-store';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  success: 'border-success/40 bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

function ToastCard({ item }: { item: ToastItem }) {
  const variant = item.variant ?? 'default';
  return (
    <Toast.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      duration={item.duration ?? TOAST_DURATION_MS}
      // Errors interrupt assistive technology; confirmations wait politely.
      type={variant === 'destructive' ? 'foreground' : 'background'}
      data-testid="toast"
      data-variant={variant}
      className={cn(
        'toast group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-lg',
        variantClasses[variant],
      )}
    >
      <div className="grid gap-1">
        {item.title ? <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title> : null}
        {item.description ? (
          // Softened on the card only: on the red fill, dimmed white would fall below 4.5:1.
          <Toast.Description className={cn('text-sm', variant !== 'destructive' && 'opacity-90')}>
            {item.description}
          </Toast.Description>
        ) : null}
      </div>
      <Toast.Close
        aria-label="Close"
        className="absolute right-2 top-2 rounded-md p-1 opacity-60 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
        >
          <path d="M4 4l8 8M12 4l-8 8" />
        </svg>
      </Toast.Close>
    </Toast.Root>
  );
}

/** Renders the toast store through Radix Toast (docs/product.md §9: one at a time, 5 s, swipe right, F8). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        className="pointer-events-none fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
