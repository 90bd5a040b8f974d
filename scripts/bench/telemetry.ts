/**
 * `node scripts/bench/telemetry.ts`: what tracing costs a request (issue 11, item 1). A service
 * built by the kit's createService answers the same request, over Fastify's inject, in two fresh
 * processes: one without OTEL_EXPORTER_OTLP_ENDPOINT (the SDK is never loaded) and one exporting
 * every span over OTLP/HTTP JSON to a local receiver in batches, as production would. Reports the
 * mean time per request in each and what tracing adds, plus resident memory. Target: tracing adds
 * under 100 µs per request; off costs nothing measurable (no SDK module loaded).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createLogger, createService, startTelemetry } from '@seqgen/kit';
import { startOtlpReceiver } from '@seqgen/kit/testing';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const WARMUP = 2_000;

interface Measured {
  mode: 'off' | 'on';
  microsPerRequest: number;
  rssMb: number;
  sdkModules: number;
  spansReceived: number;
}

async function measure(mode: 'off' | 'on'): Promise<Measured> {
  const receiver = mode === 'on' ? await startOtlpReceiver() : undefined;
  const env = receiver
    ? { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }
    : {};
  const logger = createLogger({ service: 'bench', level: 'silent' });
  const telemetry = await startTelemetry(env, { services: ['bench'], logger });
  const app = createService({ name: 'bench', logger });
  app.get('/api/things/:id', async (request) => ({ id: (request.params as { id: string }).id, ok: true }));
  await app.ready();
  const once = (n: number) =>
    app.inject({
      method: 'GET',
      url: `/api/things/${n}`,
      headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    });
  for (let n = 0; n < WARMUP; n++) await once(n);
  const started = performance.now();
  for (let n = 0; n < REQUESTS; n++) await once(n);
  const micros = ((performance.now() - started) * 1000) / REQUESTS;
  await telemetry?.shutdown();
  const sdkModules = Object.keys(createRequire(import.meta.url).cache).filter((p) =>
    /@opentelemetry[\\/](sdk-|exporter-|instrumentation)/.test(p),
  ).length;
  const result: Measured = {
    mode,
    microsPerRequest: Math.round(micros * 10) / 10,
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
    sdkModules,
    spansReceived: receiver?.spans().length ?? 0,
  };
  await app.close();
  await receiver?.close();
  return result;
}

function inChild(mode: 'off' | 'on'): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'measure', mode], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`telemetry bench (${mode}) exited with ${code}`));
      else resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Measured);
    });
  });
}

if (process.argv[2] === 'measure') {
  process.stdout.write(`${JSON.stringify(await measure(process.argv[3] === 'on' ? 'on' : 'off'))}\n`);
} else {
  const off = await inChild('off');
  const on = await inChild('on');
  const added = Math.round((on.microsPerRequest - off.microsPerRequest) * 10) / 10;
  process.stdout.write(
    `tracing off: ${off.microsPerRequest} µs/request, ${off.rssMb} MB resident, ${off.sdkModules} SDK modules loaded\n`,
  );
  process.stdout.write(
    `tracing on:  ${on.microsPerRequest} µs/request, ${on.rssMb} MB resident, ${on.spansReceived} spans received over OTLP\n`,
  );
  process.stdout.write(
    `${JSON.stringify({
      bench: 'telemetry',
      summary: [
        { metric: 'request, tracing off', value: off.microsPerRequest, unit: 'µs' },
        { metric: 'SDK modules loaded, tracing off', value: off.sdkModules, target: '0' },
        { metric: 'added by tracing (OTLP export)', value: added, unit: 'µs/request', target: '< 100' },
        { metric: 'resident memory, off → on', value: `${off.rssMb} → ${on.rssMb}`, unit: 'MB' },
      ],
    })}\n`,
  );
  if (off.sdkModules !== 0 || added >= 100) process.exit(1);
}
