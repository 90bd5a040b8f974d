import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  info: 'border-border bg-muted/60 text-foreground',
  destructive: 'border-destructive/40 bg-destructive/10 text-foreground',
  success: 'border-success/40 bg-success/10 text-foreground',
  warning: 'border-warning/50 bg-warning/10 text-foreground',
} as const;

export function Alert({
  className,
  variant = 'info',
  ...props
}: ComponentProps<'div'> & { variant?: keyof typeof variants }) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', variants[variant], className)}
      {...props}
    />
  );
}
