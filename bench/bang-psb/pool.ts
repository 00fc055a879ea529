/**
 * Runs measurement jobs on `jobs` child processes (each its own manifold-3d instance), largest mesh
 * first so the slowest do not come last. jobs = 1 measures in this process.
 *
 * A MeasurePool keeps its workers between batches, so a fit that segments every mesh under many
 * weights keeps each worker's per-mesh surface cache (measure.ts): a worker is handed the meshes it
 * has measured before, and takes another's only when its own are done (the work stays balanced, and
 * the surface is then measured twice at most). runJobs is one batch on a pool of its own.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { measure, type MeasureJob, type Measurement } from './measure.ts';

type WorkerMessage = 'ready' | { ok: true; result: Measurement } | { ok: false; id: number; message: string };

interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
}

export class MeasurePool {
  private readonly workers: Worker[] = [];
  /** The worker that measured a mesh first, the one its later jobs go to. */
  private readonly owner = new Map<number, number>();

  constructor(private readonly jobs: number) {}

  async run(list: MeasureJob[], onResult: (m: Measurement) => void): Promise<Measurement[]> {
    const results: Measurement[] = [];
    if (this.jobs <= 1) {
      for (const job of list) {
        const m = await measure(job);
        onResult(m);
        results.push(m);
      }
      return results;
    }
    while (this.workers.length < Math.min(this.jobs, list.length)) this.workers.push(spawn());
    const queue = [...list];
    await Promise.all(
      this.workers.map(async (worker, index) => {
        await worker.ready;
        for (let job = this.take(queue, index); job; job = this.take(queue, index)) {
          const result = await request(worker.child, job);
          onResult(result);
          results.push(result);
        }
      }),
    );
    return results;
  }

  /** The next job for worker `index`: its own mesh first, then one nobody has measured, then another's. */
  private take(queue: MeasureJob[], index: number): MeasureJob | undefined {
    let at = queue.findIndex((job) => this.owner.get(job.id) === index);
    if (at < 0) at = queue.findIndex((job) => !this.owner.has(job.id));
    if (at < 0) at = queue.length ? 0 : -1;
    if (at < 0) return undefined;
    const [job] = queue.splice(at, 1);
    if (!this.owner.has(job.id)) this.owner.set(job.id, index);
    return job;
  }

  close(): void {
    for (const worker of this.workers) worker.child.send('exit');
    this.workers.length = 0;
  }
}

/** One batch on fresh workers (or in this process for jobs ≤ 1). */
export async function runJobs(
  list: MeasureJob[],
  jobs: number,
  onResult: (m: Measurement) => void,
): Promise<Measurement[]> {
  const pool = new MeasurePool(jobs);
  try {
    return await pool.run(list, onResult);
  } finally {
    pool.close();
  }
}

function spawn(): Worker {
  const child = fork(new URL('./worker.ts', import.meta.url).pathname, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', (message: WorkerMessage) =>
      message === 'ready' ? resolve() : reject(new Error('bench worker did not start')),
    );
    child.once('exit', (code) => reject(new Error(`bench worker exited with ${code} before it was ready`)));
  });
  return { child, ready };
}

/** Sends one job and waits for its result (a worker measures one job at a time). */
function request(child: ChildProcess, job: MeasureJob): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench worker exited with ${code} on mesh ${job.id}`));
    child.once('exit', onExit);
    child.once('message', (message: WorkerMessage) => {
      child.off('exit', onExit);
      if (message === 'ready') return reject(new Error('bench worker answered out of turn'));
      if (!message.ok) return reject(new Error(`mesh ${message.id}: ${message.message}`));
      resolve(message.result);
    });
    child.send(job);
  });
}
