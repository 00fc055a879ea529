import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';

/** Seeded, so a failure names a case that reproduces; change the seed to explore further. */
const SEED = Number(process.env.KILN_FUZZ_SEED ?? 20261122);
const PER_BASE = Number(process.env.KILN_FUZZ_PER_BASE ?? 60);
const CASE_TIMEOUT_MS = 5_000;
const HEAP_LIMIT_MB = 384;

interface Report {
  crashed: { name: string; detail: string }[];
  counts: Record<string, number>;
  total: number;
  peakArrayBuffers: number;
}

function runFuzz(): Promise<Report> {
  return new Promise((resolve, reject) => {
    // Worker threads do not inherit tsx's loader: the bootstrap registers it, then loads the TypeScript.
    const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
      .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./fuzz-worker.ts', import.meta.url).href)}); })`;
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { seed: SEED, perBase: PER_BASE },
      // A case that tries to allocate without bound dies here instead of taking the test process down.
      resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
    });
    const report: Report = { crashed: [], counts: {}, total: 0, peakArrayBuffers: 0 };
    let current = '';
    let timer: NodeJS.Timeout | undefined;
    const fail = (message: string) => {
      clearTimeout(timer);
      void worker.terminate();
      reject(new Error(message));
    };
    worker.on('message', (message) => {
      if (message.type === 'start') {
        current = message.name;
        clearTimeout(timer);
        timer = setTimeout(
          () => fail(`case ${current} did not finish within ${CASE_TIMEOUT_MS} ms (hang)`),
          CASE_TIMEOUT_MS,
        );
      } else if (message.type === 'done') {
        clearTimeout(timer);
        report.counts[message.outcome] = (report.counts[message.outcome] ?? 0) + 1;
        if (message.outcome === 'crashed') report.crashed.push({ name: message.name, detail: message.detail });
      } else if (message.type === 'finished') {
        clearTimeout(timer);
        report.total = message.total;
        report.peakArrayBuffers = message.peakArrayBuffers;
        void worker.terminate().then(() => resolve(report));
      }
    });
    worker.on('error', (error) => fail(`case ${current} killed the worker: ${error.message}`));
    worker.on('exit', (code) => {
      if (report.total === 0) fail(`the fuzz worker exited (${code}) during case ${current}`);
    });
  });
}

test('truncated, bit-flipped and random files of every input type are refused cleanly, never crash or hang', async () => {
  const report = await runFuzz();
  if (process.env.KILN_FUZZ_VERBOSE)
    console.log(
      JSON.stringify(report.counts),
      report.total,
      report.peakArrayBuffers,
      report.crashed.map((c) => c.name + ' ' + c.detail).join('\n'),
    );
  const shown = report.crashed
    .slice(0, 8)
    .map((c) => `${c.name}: ${c.detail}`)
    .join('\n\n');
  assert.equal(report.crashed.length, 0, `${report.crashed.length} of ${report.total} cases crashed:\n${shown}`);
  assert.ok(report.total >= 12 * PER_BASE, 'every input type was fuzzed');
  assert.ok(
    (report.counts.refused ?? 0) > report.total / 2,
    `most mutants are refused (${JSON.stringify(report.counts)})`,
  );
  assert.ok(report.peakArrayBuffers < 512 * 1024 * 1024, `buffers stayed bounded (${report.peakArrayBuffers} bytes)`);
});
