// Worker thread of start-helper.ts: cuts GrabCut starts beside the engine thread. Worker threads do not
// inherit the tsx loader, so it is registered here before the TypeScript module is imported.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { serveStartCuts } = await import('./start-helper-thread.ts');
serveStartCuts(parentPort);
