/** Every provider fake, one per adapter (hosted providers and the keyless Hunyuan3D-2.1 server): the conformance suite and the end-to-end tests run over this list. */
import { hunyuan3dProvider } from './hunyuan3d.ts';
import { meshyProvider } from './meshy.ts';
import { rodinProvider } from './rodin.ts';
import { stabilityProvider } from './stability.ts';
import { tripoProvider } from './tripo.ts';
import type { ProviderCase } from './types.ts';

export type { FakeBehaviour, ProviderCase, ProviderFake, ProviderFakeOptions, RecordedRequest } from './types.ts';

export const PROVIDERS: ProviderCase[] = [
  tripoProvider,
  meshyProvider,
  stabilityProvider,
  rodinProvider,
  hunyuan3dProvider,
];
