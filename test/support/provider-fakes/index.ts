/** Every provider fake, one per hosted-provider adapter: the conformance suite and the end-to-end tests run over this list. */
import { meshyProvider } from './meshy.ts';
import { rodinProvider } from './rodin.ts';
import { stabilityProvider } from './stability.ts';
import { tripoProvider } from './tripo.ts';
import type { ProviderCase } from './types.ts';

export type { FakeBehaviour, ProviderCase, ProviderFake, ProviderFakeOptions, RecordedRequest } from './types.ts';

export const PROVIDERS: ProviderCase[] = [tripoProvider, meshyProvider, stabilityProvider, rodinProvider];
