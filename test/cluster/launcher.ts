/**
 * `kiln` for tests that spawn real processes: registers the scripted test engine (test/fixtures/engines/
 * scripted.ts) for text-to-3D tasks, keeps the real built-in engines for the other kinds, then runs the
 * CLI with the given arguments. Usage: node --import tsx test/cluster/launcher.ts serve --no-workers
 */
import { EngineRegistry } from '../../src/engines/registry.ts';
import { main } from '../../src/cli/index.ts';
import { processIo } from '../../src/cli/output.ts';

const engines = new EngineRegistry();
engines.register('generate-text', new URL('../fixtures/engines/scripted.ts', import.meta.url));
await main(process.argv.slice(2), { ...processIo(), engines });
