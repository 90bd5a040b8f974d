import type { Executor } from '@seqgen/kit';
import { sql } from 'drizzle-orm';

/**
 * The product funnel (issue 11, item 3), one row: distinct browsers that viewed a page, then
 * distinct signed-in users per stage. The README shows this query verbatim (a test holds the two
 * together), for reading the table with psql:
 *
 * - visits: browsers (anonymous ids) with a page_view;
 * - sign-ups: user.registered (auth, over the bus);
 * - analyses: analysis_completed (the web app, when the generator has analysed a company);
 * - generations: sequence.generated (generation, over the bus);
 * - saves: sequence.saved (library, over the bus; the web app's sequence_saved is not counted,
 *   so a save the browser never reported still counts);
 * - purchases: billing.activated (billing, over the bus).
 */
export const FUNNEL_SQL = `select
  count(distinct anonymous_id) filter (where name = 'page_view') as visits,
  count(distinct user_id) filter (where name = 'user.registered') as sign_ups,
  count(distinct user_id) filter (where name = 'analysis_completed') as analyses,
  count(distinct user_id) filter (where name = 'sequence.generated') as generations,
  count(distinct user_id) filter (where name = 'sequence.saved') as saves,
  count(distinct user_id) filter (where name = 'billing.activated') as purchases
from analytics.events`;

export interface Funnel {
  visits: number;
  signUps: number;
  analyses: number;
  generations: number;
  saves: number;
  purchases: number;
}

export async function readFunnel(db: Executor): Promise<Funnel> {
  const result = await db.execute(sql.raw(FUNNEL_SQL));
  // node-postgres answers { rows }, PGlite the rows themselves.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const row = rows[0] ?? {};
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    visits: n('visits'),
    signUps: n('sign_ups'),
    analyses: n('analyses'),
    generations: n('generations'),
    saves: n('saves'),
    purchases: n('purchases'),
  };
}
