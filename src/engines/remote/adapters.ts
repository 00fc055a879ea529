/**
 * Every remote adapter Kiln knows, in one table: the name a chain uses (`KILN_ENGINE_GENERATE_IMAGE=
 * "tripo; hunyuan3d:http://gpu-1:8081; builtin"`), the kinds it serves and, for hosted providers, the
 * public address used when the chain gives no URL. Add a line here for a new adapter (docs/engines.md,
 * "Write an adapter").
 */
import type { RemoteAdapter } from './adapter.ts';
import { hunyuan3dAdapter } from './hunyuan3d.ts';
import { kilnAdapter } from './kiln-client.ts';
import { meshyAdapter } from './meshy.ts';
import { rodinAdapter } from './rodin.ts';
import { stabilityAdapter } from './stability.ts';
import { tripoAdapter } from './tripo.ts';

export const REMOTE_ADAPTERS: readonly RemoteAdapter[] = [
  hunyuan3dAdapter,
  kilnAdapter,
  tripoAdapter,
  meshyAdapter,
  stabilityAdapter,
  rodinAdapter,
];

/** The adapter of this name, or undefined. */
export function adapterNamed(name: string): RemoteAdapter | undefined {
  return REMOTE_ADAPTERS.find((adapter) => adapter.name === name);
}
