import { useEffect, useState } from 'react';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { copyToClipboard } from './copy';

/** Copy with a short "Copied" confirmation on the button itself. */
export function CopyButton({
  text,
  label = 'Copy',
  what,
  testId,
}: {
  /** The text, or how to get it (a saved card fetches its whole sequence first). */
  text: string | (() => Promise<string>);
  label?: string;
  /** What is copied, for screen readers ("subject of email 2"). */
  what: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-7 px-2 text-xs text-muted-foreground hover:text-foreground"
      aria-label={`${label} ${what}`}
      data-testid={testId}
      onClick={async () => setCopied(await copyToClipboard(typeof text === 'string' ? text : await text()))}
    >
      <Icon name={copied ? 'check' : 'copy'} className="h-3.5 w-3.5" />
      {copied ? 'Copied' : label}
    </Button>
  );
}
