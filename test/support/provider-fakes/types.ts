/**
 * The contract every provider fake keeps (one module per adapter, listed in index.ts), so one
 * conformance suite (test/engines/remote/adapter-conformance.test.ts) runs against every adapter.
 * A fake speaks its provider's documented protocol on 127.0.0.1 port 0 and misbehaves on request.
 */
export type FakeBehaviour =
  /** Answers like the provider on a good day (the model downloads from a short-lived signed URL where the provider does that). */
  | 'success'
  /** The provider accepts the job, then reports it failed. */
  | 'upstream-failure'
  /** The job never leaves its running state. */
  | 'hang'
  /** Answers that are not the protocol (HTML, or a "model" that is not one). */
  | 'garbage'
  /** Every request is refused as an invalid key (the provider's 401/403). */
  | 'bad-key'
  /** Job creation is refused for insufficient credits (the provider's documented answer). */
  | 'no-credits'
  /** The first job creation is answered 429 with Retry-After, then the provider behaves. */
  | 'rate-limited-once'
  /** The job stays queued/running for many polls before it succeeds. */
  | 'slow-polling'
  /** The provider's texturing fails and it falls back to the bare shape (only for cases with `textureFallback`). */
  | 'untextured-fallback';

export interface ProviderFakeOptions {
  /** The only key the fake accepts (as its provider does: anything else is refused). */
  apiKey: string;
  /** The model the fake's job produces. */
  glb: Uint8Array;
  behaviour: FakeBehaviour;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

export interface ProviderFake {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface ProviderCase {
  /** The name used in KILN_ENGINE_* chains. */
  adapter: string;
  kinds: Array<'generate-image' | 'generate-text'>;
  /** The provider answers the model in the creation request itself: no task to poll, no signed URL (Stability). */
  synchronous?: boolean;
  /**
   * How Kiln authenticates: `bearer` (default) sends the provider key; `none` is a self-hosted server
   * that takes no key (Hunyuan3D), where a 401/403 can only come from something in front of it (an
   * authenticating proxy), and the fake's `bad-key` / `no-credits` behaviours are that proxy's 401 and 403.
   */
  auth?: 'bearer' | 'none';
  /** Why the provider has no text-to-3D, when `kinds` lacks generate-text (the end-to-end test says it). */
  noText?: string;
  /** Why several views go as one picture, when the provider has no multi-view request. */
  noMultiView?: string;
  /**
   * Fields the cases that follow a job's polling add to their jobs: Hunyuan3D-2.1 polls only textured
   * jobs (an untextured one takes its synchronous route), so slow polling asks for a texture there.
   */
  pollingJobFields?: Record<string, string>;
  /** The provider may fall back to an untextured mesh (its fake knows `untextured-fallback`): Kiln must notice and say so. */
  textureFallback?: boolean;
  /** The model arrives inside the API's own answer (Hunyuan3D's base64 model_base64), never from a signed URL. */
  inlineModel?: boolean;
  /** Binds 127.0.0.1 port 0. */
  startFake(options: ProviderFakeOptions): Promise<ProviderFake>;
}
