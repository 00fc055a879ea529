// Worker thread for model-check.ts: reads one uploaded model off the event loop. Worker threads do not
// inherit the tsx loader, so it is registered here before the TypeScript module is imported.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { importProblem } = await import('./model-check-task.ts');
parentPort.postMessage({ problem: await importProblem(workerData.bytes, workerData.filename) });
