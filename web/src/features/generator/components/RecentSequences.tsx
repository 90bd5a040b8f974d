import type { GeneratedSequence } from '@seqgen/proto';
import { Card } from '../../../components/ui/Card';
import { Icon } from '../../../components/ui/Icon';
import { audienceLine } from '../../../lib/sequence/audience';
import { useGeneratedEmails } from '../api/list-emails';

const SHOWN = 4;

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url || 'Manual entry';
  }
}

const when = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The latest generated sequences (GET /api/emails, revalidated after each generation); one click reopens one. */
export function RecentSequences({ onOpen }: { onOpen: (entry: GeneratedSequence) => void }) {
  const { data } = useGeneratedEmails();
  if (!data || data.length === 0) return null;
  return (
    <Card className="p-5" data-testid="recent-sequences">
      <h2 className="mb-3 flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        <Icon name="message" />
        Recent sequences
      </h2>
      <ul className="-mx-2 grid gap-0.5">
        {data.slice(0, SHOWN).map((entry) => {
          // Who it is for leads: four sequences for the same company differ by prospect, persona and industry.
          const forWhom = audienceLine(entry.customization);
          const company = entry.companyUrl ? hostOf(entry.companyUrl) : 'Manual entry';
          return (
            <li key={entry.id}>
              <button
                type="button"
                onClick={() => onOpen(entry)}
                className="grid w-full cursor-pointer gap-0.5 rounded-lg px-2 py-2 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                data-testid="recent-sequence"
              >
                <span className="truncate text-sm font-medium" data-testid="recent-audience">
                  {forWhom}
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  {[company, when.format(new Date(entry.createdAt))].join(' · ')}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
