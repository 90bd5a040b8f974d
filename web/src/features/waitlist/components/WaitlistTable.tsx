import type { WaitlistEntry } from '@seqgen/proto';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatJoinDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/*
 * Below 640 px there is no room for three columns: an address squeezed beside the date wrapped
 * every few characters (issue 13, item 6). The date then moves under the address.
 */
const cell = 'px-3 py-3 sm:px-6';

export function WaitlistTable({ entries }: { entries: readonly WaitlistEntry[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="waitlist-table">
        <thead>
          <tr className="border-b border-border text-xs uppercase tracking-wider text-muted-foreground">
            <th scope="col" className={`w-10 font-medium sm:w-12 ${cell}`}>
              #
            </th>
            <th scope="col" className={`font-medium ${cell}`}>
              Email
            </th>
            <th scope="col" className={`hidden text-right font-medium sm:table-cell ${cell}`}>
              Joined
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr key={entry.id} className="border-b border-border/60 last:border-0 hover:bg-muted/40">
              <td className={`align-top tabular-nums text-muted-foreground ${cell}`}>{entries.length - index}</td>
              <td className={`font-medium [overflow-wrap:anywhere] ${cell}`}>
                <span data-testid="waitlist-entry-email">{entry.email}</span>
                <time
                  dateTime={entry.createdAt}
                  className="mt-0.5 block text-xs font-normal text-muted-foreground sm:hidden"
                >
                  {formatJoinDate(entry.createdAt)}
                </time>
              </td>
              <td className={`hidden whitespace-nowrap text-right text-muted-foreground sm:table-cell ${cell}`}>
                <time dateTime={entry.createdAt}>{formatJoinDate(entry.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
