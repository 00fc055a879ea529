/**
 * Runs measurement jobs on `jobs` child processes (each its own manifold-3d instance), largest mesh
 * first so the slowest do not come last. jobs = 1 measures in this process.
 */
import { fork } from 'node:child_process';
import { measure, type MeasureJob, type Measurement } from './measure.ts';

export async function runJobs(
  list: MeasureJob[],
  jobs: number,
  onResult: (m: Measurement) => void,
): Promise<Measurement[]> {
  const results: Measurement[] = [];
  if (jobs <= 1) {
    for (const job of list) {
      const m = await measure(job);
      onResult(m);
      results.push(m);
    }
    return results;
  }
  const queue = [...list];
  const worker = new URL('./worker.ts', import.meta.url).pathname;
  await Promise.all(
    Array.from(
      { length: Math.min(jobs, list.length) },
      () =>
        new Promise<void>((resolve, reject) => {
          const child = fork(worker, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
          const feed = () => {
            const job = queue.shift();
            if (job) child.send(job);
            else {
              child.send('exit');
              resolve();
            }
          };
          child.on(
            'message',
            (message: 'ready' | { ok: true; result: Measurement } | { ok: false; id: number; message: string }) => {
              if (message === 'ready') return feed();
              if (!message.ok) return reject(new Error(`mesh ${message.id}: ${message.message}`));
              onResult(message.result);
              results.push(message.result);
              feed();
            },
          );
          child.on('exit', (code) => {
            if (code) reject(new Error(`bench worker exited with ${code}`));
          });
        }),
    ),
  );
  return results;
}
