/**
 * `npm run dev`: the API (scripts/start.ts, every service behind the gateway on PORT, default
 * 8080) and the Vite dev server with hot reload (web/, port 5173) in one command; Ctrl-C stops
 * both. Arguments go to Vite (`npm run dev -- --port 5174`).
 *
 * Vite proxies /api to the gateway without changing the Host header (web/vite.config.ts,
 * changeOrigin: false), so the browser's Origin (http://localhost:5173) equals the host the
 * gateway sees and its cross-site write guard accepts the request as same-origin, as it does in
 * production. Nothing needs PUBLIC_URL for this.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.PORT ?? '8080';
let stopping = false;

/**
 * Each child gets its own process group, so the terminal's Ctrl-C reaches them once, from here:
 * a second signal makes start.ts exit without its orderly shutdown. Vite gets no stdin (a
 * background process group reading the terminal would be stopped).
 */
function run(name: string, args: string[], env: Record<string, string | undefined>, cwd = root): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${name} stopped (${signal ?? `exit code ${code}`}): stopping the other\n`);
      stop(code ?? 1);
    }
  });
  return child;
}

const api = run('API', [`${root}scripts/start.ts`], { PORT: apiPort });
const vite = run(
  'vite',
  [`${root}node_modules/vite/bin/vite.js`, ...process.argv.slice(2)],
  {
    SEQGEN_API_URL: `http://127.0.0.1:${apiPort}`,
  },
  `${root}web`,
);

function stop(exitCode: number) {
  if (stopping) return;
  stopping = true;
  const children = [api, vite].filter((child) => child.exitCode === null && child.signalCode === null);
  let left = children.length;
  if (left === 0) process.exit(exitCode);
  for (const child of children) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(exitCode);
    });
    child.kill('SIGTERM');
  }
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
