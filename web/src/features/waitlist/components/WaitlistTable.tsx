import type { WaitlistEntry } from '@seqgen/proto';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatJoinDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

export function WaitlistTable({ entries }: { entries: readonly WaitlistEntry[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="waitlist-table">
        <thead>
          <tr className="border-b border-border text-xs uppercase tracking-wider text-muted-foreground">
            <th scope="col" className="w-12 px-6 py-3 font-medium">
              #
            </th>
            <th scope="col" className="px-6 py-3 font-medium">
              Email
            </th>
            <th scope="col" className="px-6 py-3 text-right font-medium">
              Joined
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr key={entry.id} className="border-b border-border/60 last:border-0 hover:bg-muted/40">
              <td className="px-6 py-3 tabular-nums text-muted-foreground">{entries.length - index}</td>
              <td className="px-6 py-3 font-medium break-all" data-testid="waitlist-entry-email">
                {entry.email}
              </td>
              <td className="whitespace-nowrap px-6 py-3 text-right text-muted-foreground">
                <time dateTime={entry.createdAt}>{formatJoinDate(entry.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
