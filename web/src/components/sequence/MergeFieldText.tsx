import { cn } from '../../lib/cn';
import { segmentMergeFields } from '../../lib/sequence/merge-fields';

/**
 * Text with its merge fields as chips. A chip shows the token exactly as written (so copying or
 * reading the text gives the real token), styled apart from the prose; a field that is not one of
 * seqgen's is marked as a warning, with its name in the title.
 */
export function MergeFieldText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {segmentMergeFields(text).map((segment, index) => {
        if (segment.kind === 'text') return <span key={index}>{segment.text}</span>;
        if (segment.kind === 'field') {
          return (
            <span
              key={index}
              className="rounded-md bg-accent px-1 py-px font-mono text-[0.85em] text-accent-foreground ring-1 ring-primary/25 ring-inset [box-decoration-break:clone] [overflow-wrap:anywhere]"
              title={
                segment.fallback
                  ? `Merge field ${segment.field}, or "${segment.fallback}" when empty`
                  : `Merge field ${segment.field}`
              }
              data-testid="merge-chip"
              data-field={segment.field}
            >
              {segment.text}
            </span>
          );
        }
        return (
          <span
            key={index}
            className={cn(
              'rounded-md bg-warning/15 px-1 py-px font-mono text-[0.85em] underline decoration-warning decoration-wavy underline-offset-2 [box-decoration-break:clone] [overflow-wrap:anywhere]',
            )}
            title={segment.meant ? `Not a merge field; did you mean {{${segment.meant}|…}}?` : 'Not a merge field'}
            data-testid="merge-chip-unknown"
          >
            {segment.text}
          </span>
        );
      })}
    </span>
  );
}
