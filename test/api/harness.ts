/**
 * A real service stack in a temporary data directory (SQLite, blob dir, embedded queue) with the app
 * built on it, a fixture engine registered for chosen kinds, and one funded API key.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.ts';
import { createServices, type Services } from '../../src/services.ts';
import { EngineRegistry } from '../../src/engines/registry.ts';
import type { EngineKind } from '../../src/domain/task-spec.ts';
import { buildApp } from '../../src/api/index.ts';

export const FIXTURE_ENGINE_URL = new URL('./fixture-engine.ts', import.meta.url).href;

/** Only the kinds a test asks for: built-in engines registered by createServices are ignored. */
class FixtureRegistry extends EngineRegistry {
  constructor(
    private readonly allowed: Set<string>,
    private readonly engineUrl: string,
  ) {
    super();
  }
  override register(kind: EngineKind, moduleUrl: string | URL): void {
    if (String(moduleUrl) === this.engineUrl && this.allowed.has(kind)) super.register(kind, moduleUrl);
  }
}

export interface Harness {
  app: FastifyInstance;
  services: Services;
  config: Config;
  key: string;
  auth: { authorization: string };
  dataDir: string;
  newKey(credits?: number): Promise<string>;
  close(): Promise<void>;
}

export async function startHarness(
  options: {
    env?: Record<string, string>;
    kinds?: EngineKind[];
    credits?: number;
    /** Another test engine module for every kind (default the fixture engine). */
    engineUrl?: string;
  } = {},
): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kiln-api-'));
  const config = loadConfig({
    KILN_DATA_DIR: dataDir,
    KILN_SIGNING_SECRET: 'test-signing-secret',
    KILN_WORKERS: '1',
    ...options.env,
  });
  const engineUrl = options.engineUrl ?? FIXTURE_ENGINE_URL;
  const registry = new FixtureRegistry(
    new Set(options.kinds ?? ['generate-image', 'generate-text', 'bang']),
    engineUrl,
  );
  const services = await createServices(config, { engines: registry });
  for (const kind of options.kinds ?? ['generate-image', 'generate-text', 'bang']) registry.register(kind, engineUrl);
  const app = await buildApp({ services, config, processMetrics: false });
  const newKey = async (credits = options.credits ?? 100) =>
    (await services.accounts.createKey({ name: 'test', credits })).key;
  const key = await newKey();
  return {
    app,
    services,
    config,
    key,
    auth: { authorization: `Bearer ${key}` },
    dataDir,
    newKey,
    async close() {
      await app.close();
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Part =
  | { name: string; value: string }
  | { name: string; data: Uint8Array; filename?: string; contentType?: string };

/** A multipart body built by hand, so tests can send parts real clients send (no type, odd names). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kilntest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
      const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"${filename}\r\n${type}\r\n`));
      chunks.push(Buffer.from(part.data));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
