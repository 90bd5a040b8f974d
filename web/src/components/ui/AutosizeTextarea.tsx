import { type ComponentProps, useCallback, useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { Textarea } from './Textarea';

/** Runs layout effects in the browser only (server rendering has no layout to measure). */
const useBrowserLayoutEffect = typeof window === 'undefined' ? () => {} : useLayoutEffect;

/**
 * A textarea that grows with its text, so a long email body is edited without a second scrollbar.
 * CSS `field-sizing: content` does it where supported; elsewhere the height follows scrollHeight.
 */
export function AutosizeTextarea({ className, value, onChange, ...props }: ComponentProps<'textarea'>) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const fit = useCallback(() => {
    const element = ref.current;
    if (!element || CSS.supports?.('field-sizing', 'content')) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + 2}px`;
  }, []);
  useBrowserLayoutEffect(fit, [value, fit]);
  return (
    <Textarea
      ref={ref}
      value={value}
      onChange={(event) => {
        onChange?.(event);
        fit();
      }}
      className={cn('min-h-24 resize-y overflow-hidden [field-sizing:content]', className)}
      {...props}
    />
  );
}
