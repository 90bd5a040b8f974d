import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background ' +
  'disabled:pointer-events-none disabled:opacity-60 cursor-pointer ' +
  // Looks disabled but still takes the click, so the form can say what is missing.
  'aria-disabled:opacity-60 aria-disabled:cursor-not-allowed';

const variants = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
  secondary: 'bg-muted text-foreground hover:bg-muted/70',
  outline: 'border border-input bg-transparent hover:bg-muted',
  ghost: 'bg-transparent hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
  /** For use on a brand-coloured panel. */
  inverse: 'bg-white text-primary shadow-sm hover:bg-white/90',
} as const;

const sizes = {
  sm: 'h-8 px-3',
  md: 'h-10 px-4',
  lg: 'h-11 px-6 text-base',
  icon: 'h-9 w-9',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (e.g. a router <Link>) with button styling instead of a <button>. */
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', asChild = false, className, type, ...props }: ButtonProps) {
  const classes = cn(base, variants[variant], sizes[size], className);
  if (asChild) return <Slot.Root className={classes} {...props} />;
  // Default to type="button" so a button inside a form never submits it by accident.
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
