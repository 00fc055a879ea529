/**
 * The helper thread's side of start-helper.ts: for each job, claims starts from the end of the list
 * while the engine thread claims them from the front, cuts each, and answers with what it cut.
 */
import type { MessagePort } from 'node:worker_threads';
import { hypothesis, type Candidate, type Picture, type Start } from './start-cut.ts';

export interface StartJob {
  id: number;
  picture: Picture;
  starts: Start[];
  /** One Int32 on a SharedArrayBuffer: starts claimed so far, by either thread. */
  claims: Int32Array;
}

export interface StartJobAnswer {
  id: number;
  cut: { index: number; candidate: Candidate }[];
}

export function serveStartCuts(port: MessagePort): void {
  port.on('message', (job: StartJob) => {
    const cut: StartJobAnswer['cut'] = [];
    while (Atomics.add(job.claims, 0, 1) < job.starts.length) {
      const index = job.starts.length - 1 - cut.length;
      cut.push({ index, candidate: hypothesis(job.picture, job.starts[index]) });
    }
    port.postMessage({ id: job.id, cut } satisfies StartJobAnswer);
  });
}
