/** Builds a Services instance on a temporary data directory with the scripted test engine registered. */
import { loadConfig, type Config } from '../../src/config.ts';
import type { GenerateSpec } from '../../src/domain/task-spec.ts';
import { EngineRegistry } from '../../src/engines/registry.ts';
import { createServices, type Services } from '../../src/services.ts';
import { tempDir } from '../store/databases.ts';

export const SCRIPTED_ENGINE = new URL('../fixtures/engines/scripted.ts', import.meta.url).href;

export interface Harness {
  services: Services;
  config: Config;
  dataDir: string;
  /** A key with `credits` on a fresh account. */
  key(credits: number): Promise<{ accountId: string; keyId: string; key: string }>;
  cleanup(): Promise<void>;
}

/**
 * `env` overrides configuration (e.g. DATABASE_URL from postgresTestSchema()); `register` false leaves
 * the engine registry empty.
 */
export async function harness(env: Record<string, string> = {}, register = true): Promise<Harness> {
  const temp = tempDir();
  const config = loadConfig({ KILN_DATA_DIR: temp.dir, KILN_LEASE_MS: '2000', KILN_HEARTBEAT_MS: '200', ...env });
  const engines = new EngineRegistry();
  if (register) {
    engines.register('generate-text', SCRIPTED_ENGINE);
    engines.register('generate-image', SCRIPTED_ENGINE);
  }
  // Built-ins off: each test decides which kinds have an engine.
  const services = await createServices(config, { engines, builtins: false });
  return {
    services,
    config,
    dataDir: temp.dir,
    async key(credits) {
      const { key, record } = await services.accounts.createKey({ credits });
      return { accountId: record.accountId, keyId: record.id, key };
    },
    async cleanup() {
      await services.close();
      temp.remove();
    },
  };
}

/** A text-mode generation spec whose prompt scripts the test engine. */
export function textSpec(prompt = ''): GenerateSpec {
  return {
    kind: 'generate',
    mode: 'text',
    tier: 'Gen-2.5-Medium',
    legacy: false,
    prompt,
    imageCount: 0,
    imageLabels: [],
    meshMode: 'Raw',
    quality: 'medium',
    faceBudget: 50_000,
    geometryFileFormat: 'glb',
    material: 'PBR',
    textureMode: 'medium',
    textureResolution: 2048,
    uhdTexture: false,
    addons: [],
    creative: false,
    fastMode: true,
    highPolyMesh: false,
    seed: 0,
    useOriginalAlpha: false,
    taPose: false,
    conditionMode: 'concat',
    previewRender: false,
  };
}

export function imageSpec(imageCount: number): GenerateSpec {
  return {
    ...textSpec(),
    mode: 'image',
    prompt: undefined,
    imageCount,
    imageLabels: ['F', 'R', 'B', 'L', 'U'].slice(0, imageCount) as GenerateSpec['imageLabels'],
  };
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
  label = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${label}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
