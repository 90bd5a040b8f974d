import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A bar that stays at the bottom of the viewport while its section is on screen, and rests in the
 * flow after the section's last item otherwise, so it never hides the end of the content. It pads
 * itself for the home indicator (safe area). Pass `hidden` while an on-screen keyboard is up on a
 * phone, where the bar would only take the room the text being edited needs.
 */
export function StickyBar({ className, hidden, ...props }: ComponentProps<'div'> & { hidden?: boolean }) {
  return (
    <div
      className={cn(
        'sticky bottom-0 z-30 -mx-4 sm:bottom-3 border-t border-border bg-card/95 px-4 pt-3 text-card-foreground shadow-[0_-6px_16px_-8px_rgb(0_0_0/0.18)] backdrop-blur supports-[backdrop-filter]:bg-card/85',
        'pb-[calc(0.75rem+env(safe-area-inset-bottom))] sm:mx-0 sm:rounded-xl sm:border sm:px-4 sm:pb-3',
        hidden && 'max-sm:hidden',
        className,
      )}
      {...props}
    />
  );
}
