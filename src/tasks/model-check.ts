/**
 * Every uploaded model must import before a task is accepted: a file that only looks like an OBJ or a
 * GLB by its first bytes (truncated, empty of triangles, faces pointing at vertices that do not exist)
 * would otherwise fail in a worker after the caller was charged. The importer is the one the engines
 * use, with its size limits, so what passes here is what the engine will read.
 *
 * Small files are read in this thread (milliseconds); larger ones in a one-off worker thread, so a
 * million-face upload (seconds to parse) never stalls the other requests.
 */
import { Worker } from 'node:worker_threads';
import { invalidRequest } from '../errors.ts';
import type { InputFile } from '../domain/index.ts';
import { importProblem, scanProblem } from './model-check-task.ts';

/** Files up to this size are read on the event loop. */
export const IN_THREAD_MAX_BYTES = 2 * 1024 * 1024;
/** A model that takes longer than this to read is refused rather than accepted unread. */
export const CHECK_TIMEOUT_MS = 120_000;

const WORKER_URL = new URL('./model-check-worker.mjs', import.meta.url);

function problemInWorker(bytes: Uint8Array, filename: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: { bytes, filename } });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(
        `it could not be read within ${CHECK_TIMEOUT_MS / 1000} s; simplify the model or send it in another format`,
      );
    }, CHECK_TIMEOUT_MS);
    const finish = () => clearTimeout(timer);
    worker.once('message', (message: { problem: string | null }) => {
      finish();
      resolve(message.problem);
    });
    worker.once('error', (error) => {
      finish();
      reject(error);
    });
    worker.once('exit', (code) => {
      finish();
      if (code !== 0) reject(new Error(`The model check thread exited with code ${code}.`));
    });
  });
}

export async function assertModelsImport(inputs: InputFile[]): Promise<void> {
  for (const input of inputs) {
    if (input.field !== 'model') continue;
    // The readers' structural checks first (declared counts backed by bytes, nesting depth): cheap, and
    // they keep a bomb from ever reaching the full import below.
    const structural = scanProblem(input.bytes, input.filename);
    if (structural)
      throw invalidRequest('model', `model (${input.filename || 'unnamed'}) cannot be read: ${structural}`);
    const problem =
      input.bytes.length <= IN_THREAD_MAX_BYTES
        ? await importProblem(input.bytes, input.filename)
        : await problemInWorker(input.bytes, input.filename);
    if (problem) throw invalidRequest('model', `model (${input.filename || 'unnamed'}) cannot be read: ${problem}`);
  }
}
