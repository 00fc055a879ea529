/**
 * Independent GrabCut starts cut on two cores when a core is free of other runs (../../../cpu-slots.ts): the engine
 * thread claims starts from the front of the list, a helper thread from the back, through one shared
 * counter, so the two split the work however long each cut takes. Each start's cut is a pure function
 * of the picture and the start, so the candidates are the same whichever thread cut them.
 *
 * The helper thread is started on first use and kept for the engine thread's life (its start-up, the
 * loader and the modules, costs more than a cut); it holds the process open only while it has a job.
 * Should it fail, the engine thread cuts whatever it left.
 */
import { Worker } from 'node:worker_threads';
import { takeSpare, type CpuSlots } from '../../../cpu-slots.ts';
import { hypothesis, type Candidate, type Picture, type Start } from './start-cut.ts';
import type { StartJob, StartJobAnswer } from './start-helper-thread.ts';

export interface StartCutOptions {
  /** The process's core count shared by its engine runs: a helper thread is used only while one is free (none without). */
  cpu?: CpuSlots;
}

interface Helper {
  worker: Worker;
  waiting: Map<number, { resolve(answer: StartJobAnswer): void; reject(error: Error): void }>;
}

let helper: Helper | undefined;
let nextJob = 1;

function startHelper(): Helper {
  const worker = new Worker(new URL('./start-helper-worker.mjs', import.meta.url));
  const started: Helper = { worker, waiting: new Map() };
  const fail = (error: Error) => {
    if (helper === started) helper = undefined;
    for (const pending of started.waiting.values()) pending.reject(error);
    started.waiting.clear();
  };
  worker.on('message', (answer: StartJobAnswer) => {
    started.waiting.get(answer.id)?.resolve(answer);
    started.waiting.delete(answer.id);
    if (started.waiting.size === 0) worker.unref();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the start helper thread exited (${code})`)));
  worker.unref();
  return started;
}

function ask(job: StartJob): Promise<StartJobAnswer> {
  helper ??= startHelper();
  const { worker, waiting } = helper;
  return new Promise((resolve, reject) => {
    waiting.set(job.id, { resolve, reject });
    worker.ref();
    worker.postMessage(job);
  });
}

/** Starts the helper thread now and resolves once it answers (tests; a warm worker before its first task). */
export async function warmStartHelper(): Promise<void> {
  await ask({
    id: nextJob++,
    picture: undefined as never,
    starts: [],
    claims: new Int32Array(new SharedArrayBuffer(4)),
  });
}

/**
 * Cuts every start of `starts` (each independent of the others) and, on this thread between its own
 * claims, runs `alongside` once (work that must stay here, such as starts that depend on these).
 * Returns the candidates in the order of `starts`.
 */
export async function cutStarts<T>(
  picture: Picture,
  starts: Start[],
  alongside: (cutHere: (index: number) => Candidate) => T,
  options: StartCutOptions = {},
): Promise<{ candidates: Candidate[]; alongside: T; onHelper: number }> {
  const candidates: (Candidate | undefined)[] = new Array(starts.length);
  const claims = new Int32Array(new SharedArrayBuffer(4));
  let front = 0;
  const claimFront = (): number | undefined => (Atomics.add(claims, 0, 1) < starts.length ? front++ : undefined);
  const spare = takeSpare(options.cpu);
  const answer = spare.helpers > 0 ? ask({ id: nextJob++, picture, starts, claims }).catch(() => undefined) : undefined;
  // `alongside` may need some starts first: those are claimed from the front and cut here.
  const cutHere = (index: number): Candidate => {
    if (!candidates[index]) {
      if (index !== front || claimFront() === undefined)
        throw new Error(`start ${index} must be the next from the front to be cut here`);
      candidates[index] = hypothesis(picture, starts[index]);
    }
    return candidates[index];
  };
  const result = alongside(cutHere);
  for (let index = claimFront(); index !== undefined; index = claimFront())
    candidates[index] = hypothesis(picture, starts[index]);
  let onHelper = 0;
  try {
    if (front < starts.length && answer) {
      for (const { index, candidate } of (await answer)?.cut ?? []) {
        candidates[index] = candidate;
        onHelper++;
      }
    }
  } finally {
    spare.release();
  }
  // Whatever the helper claimed and never answered (it failed) is cut here.
  for (let index = 0; index < starts.length; index++) candidates[index] ??= hypothesis(picture, starts[index]);
  return { candidates: candidates as Candidate[], alongside: result, onHelper };
}
