/**
 * A worker for the worker-pool tests: echoes, spins forever (a stuck page), or exits (a crash).
 */
import { serveTasks } from '../../../src/analysis/extraction/worker-pool.ts';

export type TestTask = { echo: string } | { spin: true } | { exit: true };

serveTasks<TestTask, string>((task) => {
  if ('spin' in task) for (;;) {}
  if ('exit' in task) process.exit(3);
  return task.echo;
});
