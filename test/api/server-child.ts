/**
 * A whole Kiln server in a child process for kill -9 tests: services on the data directory of the
 * environment, the fixture engine for text generation, workers, HTTP on a random port (printed as
 * `port=N`).
 */
import { loadConfig } from '../../src/config.ts';
import { EngineRegistry } from '../../src/engines/registry.ts';
import { createServices } from '../../src/services.ts';
import { buildApp } from '../../src/api/index.ts';

const engines = new EngineRegistry();
engines.register('generate-text', new URL('./fixture-engine.ts', import.meta.url).href);
const config = loadConfig();
const services = await createServices(config, { engines, builtins: false });
const app = await buildApp({ services, config, processMetrics: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
services.startWorkers();
process.stdout.write(`port=${typeof address === 'object' && address ? address.port : 0}\n`);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => services.close())
      .then(() => process.exit(0)),
);
