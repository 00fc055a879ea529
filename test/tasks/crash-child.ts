/**
 * A worker process for the crash test: services on the data directory given by the environment, the
 * scripted engine registered, workers started. The test kills it with SIGKILL mid-job.
 */
import { loadConfig } from '../../src/config.ts';
import { EngineRegistry } from '../../src/engines/registry.ts';
import { createServices } from '../../src/services.ts';

const engines = new EngineRegistry();
engines.register('generate-text', new URL('../fixtures/engines/scripted.ts', import.meta.url).href);
const services = await createServices(loadConfig(), { engines, builtins: false });
services.startWorkers();
process.stdout.write('ready\n');
process.on('SIGTERM', () => void services.close().then(() => process.exit(0)));
