import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Below the kernel's ephemeral range, so no service's own listen(0) can take it first.
export { freePort } from '../../services/kit/src/testing/ports.ts';

export const tempDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'seqgen-e2e-'));

export interface RunningApp {
  url: string;
  output: () => string;
  /** Stops the whole process group; resolves when every process in it has exited. */
  stop(): Promise<void>;
}

/**
 * `npm start` rebuilds web/dist (emptying it first), so two test files each running an app would
 * pull the files from under each other's browser. One app at a time across vitest workers: a
 * lock directory (mkdir is atomic) held from start to stop, taken over when its owner has died.
 */
const APP_LOCK = path.join(os.tmpdir(), 'seqgen-e2e-app.lock');

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Gives up before the callers' 240 s hook timeout, so a late acquisition never strands an app. */
const APP_LOCK_WAIT_MS = 200_000;

async function acquireAppLock(): Promise<() => void> {
  const owner = path.join(APP_LOCK, 'pid');
  const deadline = Date.now() + APP_LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(APP_LOCK);
      writeFileSync(owner, String(process.pid));
      return () => rmSync(APP_LOCK, { recursive: true, force: true });
    } catch {
      let pid = Number.NaN;
      try {
        pid = Number(readFileSync(owner, 'utf8'));
      } catch {
        // The owner has made the directory but not yet written its pid: wait for it.
      }
      if (Number.isInteger(pid) && pid > 0 && !processAlive(pid)) rmSync(APP_LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`another e2e app kept ${APP_LOCK} for ${APP_LOCK_WAIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Starts the app the way README tells a user to (`npm start`), on its embedded defaults, with
 * its own port and data folder so it never touches a developer's running copy.
 */
export async function startApp({
  port,
  dataDir,
  env = {},
}: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<RunningApp> {
  const releaseLock = await acquireAppLock();
  try {
    return await spawnApp({ port, dataDir, env }, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function spawnApp(
  { port, dataDir, env }: { port: number; dataDir: string; env: Record<string, string> },
  releaseLock: () => void,
): Promise<RunningApp> {
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...withoutInfraSettings(process.env),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (!output.includes('seqgen is running at')) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      process.kill(-(child.pid as number), 'SIGKILL');
      throw new Error(`npm start did not come up within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      // npm runs node in a child: signal the whole group, as a terminal's Ctrl-C would, and wait
      // for the node process too (it closes its database after npm itself has gone).
      const group = -(child.pid as number);
      signal(group, 'SIGTERM');
      const deadline = Date.now() + 15_000;
      try {
        while (signal(group, 0)) {
          if (Date.now() > deadline) {
            signal(group, 'SIGKILL');
            throw new Error(`the app did not stop within 15 s of SIGTERM:\n${output}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        releaseLock();
      }
    },
  };
}

/** Sends a signal to a process group; false once the group no longer exists. */
function signal(group: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(group, name);
    return true;
  } catch {
    return false;
  }
}

/** The embedded-defaults run must not inherit real-server settings from the caller. */
function withoutInfraSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL, NATS_URL, REDIS_URL, ...rest } = env;
  return rest;
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" (.ci/run does).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Tests talk to loopback only: every other name fails to resolve inside the browser, so a
      // page that reaches for a third-party script or image shows up as a console error instead
      // of a connection to the outside world.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  });
}
