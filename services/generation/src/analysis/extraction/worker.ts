/**
 * A worker thread of the page pool (./pool.ts): reads one fetched page at a time, off the
 * service's event loop. The answer is plain data (structured-clone friendly).
 */
import { PageTooComplex } from './budget.ts';
import { extractPage } from './page.ts';
import type { PageTask, PageTaskResult } from './pool.ts';
import { serveTasks } from './worker-pool.ts';

serveTasks<PageTask, PageTaskResult>(({ html, url }) => {
  try {
    return { page: extractPage(html, url) };
  } catch (error) {
    if (error instanceof PageTooComplex) return { tooComplex: error.reason };
    throw error;
  }
});
