/**
 * Bakes texture maps in bands of rows on this thread and, when asked, one helper thread at the same
 * time, into shared buffers (without a helper, every row in one pass); then dilates each map once. The result is texel for texel the same as
 * `bakeTexture` with the same shading (bake.ts `bakeRows`), whatever the number of threads.
 *
 * The helper cannot be handed a closure, so the shading comes from a module both threads import: a
 * `BakeShaderRef` names a module and its export, a `BakeShaderFactory` that builds the layers (one
 * `shade` per map) from the mesh and a structured-cloneable input. The helper thread is started on
 * first use, kept for later bakes (it does not keep the process alive) and takes bands from a shared
 * counter, so a late or slow helper only takes fewer bands: two threads are never slower than one by
 * more than what the helper's share of the machine costs the main thread.
 */
import { Worker } from 'node:worker_threads';
import type { Mesh, RasterImage } from '../mesh.ts';
import { silentLogger, type Logger } from '../../logger.ts';
import { bakeRows, createBakeTarget, dilateTarget, type BakeOptions, type BakeTarget } from './bake.ts';
import { computeNormals } from './normals.ts';

/** One map of a tiled bake. */
export interface BakeLayer {
  channels: 1 | 2 | 3 | 4;
  /** Value of texels no chart or padding reaches, per channel in 0..1 (default zero). */
  background?: readonly number[];
  /** Dilation rings (default 4). */
  padding?: number;
  /** Whether `shade` reads the normal (bake.ts `BakeOptions.normals`; default true). */
  normals?: boolean;
  shade: BakeOptions['shade'];
}

/** Builds the layers on each thread: deterministic in (mesh, input), so both threads shade alike. */
export type BakeShaderFactory<I = unknown> = (mesh: Mesh, input: I) => BakeLayer[];

export interface BakeShaderRef<I = unknown> {
  /** URL (href) of the module, importable from a worker thread. */
  module: string;
  /** Name of its `BakeShaderFactory` export. */
  name: string;
  /** Structured-cloneable data the factory reads (typed arrays, plain objects). */
  input: I;
}

export interface TiledBakeOptions {
  /** Width and height of every map, texels. */
  size: number;
  /** Threads baking bands: 1 (this thread only) or 2 (one helper beside it). */
  threads?: number;
  /** Rows per band: small enough that two threads share the work evenly, large enough to cost little. */
  bandRows?: number;
  /** Maps smaller than this (edge, texels) bake on this thread only: the helper's set-up would not pay. */
  minSizeForHelper?: number;
  /**
   * After a bake of maps larger than this (edge, texels) the helper thread is ended. An idle thread runs
   * no garbage collection, so it would keep every layer's shared buffers it was sent (and its copy of the
   * mesh and shading state) alive: at 12K that held over 1 GB past the bake and lifted a task's peak
   * past what one 12K task may use (issue #31: ≤ 2 GB). The next bake starts a fresh one, whose start
   * costs little beside a bake that size.
   */
  keepHelperUpTo?: number;
  /**
   * Work for this thread once layer `index` is handed to the helper and before this thread takes its
   * bands, so that the helper bakes meanwhile: e.g. filling a shared buffer that a later layer's shading
   * reads (the helper sees it, since it is written before that later layer is handed over).
   */
  beforeBands?: (index: number) => void;
  logger?: Logger;
}

export const TILED_BAKE_DEFAULTS = {
  threads: 1,
  bandRows: 64,
  minSizeForHelper: 1024,
  keepHelperUpTo: 4096,
} as const;

/** Triangles per band of rows (CSR), each band's list in index order. */
function bandTriangles(mesh: Mesh, size: number, bandRows: number): { offsets: Uint32Array; list: Uint32Array } {
  const { uvs, indices: I } = mesh;
  const UV = uvs!;
  const bands = Math.ceil(size / bandRows);
  const triCount = I.length / 3;
  const first = new Int32Array(triCount);
  const last = new Int32Array(triCount);
  const counts = new Uint32Array(bands + 1);
  for (let t = 0; t < triCount; t++) {
    let lo = Infinity,
      hi = -Infinity;
    for (let k = 0; k < 3; k++) {
      const y = UV[I[t * 3 + k] * 2 + 1] * size;
      if (y < lo) lo = y;
      if (y > hi) hi = y;
    }
    // The rows bakeRows may touch: the box's rows (texel centres) and the centroid fallback row.
    let r0 = Math.floor(lo - 0.5),
      r1 = Math.ceil(hi - 0.5);
    if (!Number.isFinite(r0) || !Number.isFinite(r1)) {
      r0 = 0;
      r1 = size - 1;
    }
    r0 = Math.min(size - 1, Math.max(0, r0));
    r1 = Math.min(size - 1, Math.max(0, r1));
    first[t] = Math.floor(r0 / bandRows);
    last[t] = Math.floor(r1 / bandRows);
    for (let b = first[t]; b <= last[t]; b++) counts[b + 1]++;
  }
  for (let b = 0; b < bands; b++) counts[b + 1] += counts[b];
  const fill = counts.slice(0, bands);
  const list = new Uint32Array(counts[bands]);
  for (let t = 0; t < triCount; t++) for (let b = first[t]; b <= last[t]; b++) list[fill[b]++] = t;
  return { offsets: counts, list };
}

/** The mesh arrays a band bake reads (structured-cloneable). */
export type BandMesh = Pick<Mesh, 'positions' | 'indices' | 'uvs' | 'normals'>;

/**
 * One layer's shared state: its buffers and two counters on a SharedArrayBuffer, [next band to take,
 * bands being baked by the helper]. The helper counts itself in before it takes a band and out after,
 * so once the bands are all taken and that count is zero, no thread writes the layer any more.
 */
export interface LayerJob {
  target: BakeTarget;
  counter: Int32Array;
}

/** Bands of rows with the triangles each must visit. */
export interface Banding {
  size: number;
  bandRows: number;
  offsets: Uint32Array;
  list: Uint32Array;
}

export function banding(mesh: BandMesh, size: number, bandRows: number): Banding {
  return { size, bandRows, ...bandTriangles(mesh as Mesh, size, bandRows) };
}

/**
 * Takes bands of one layer from the shared counter until none is left; returns how many were baked
 * here. `helper` marks the helper thread, which counts itself in and out around each band.
 */
export function bakeBands(mesh: BandMesh, bands: Banding, layer: BakeLayer, job: LayerJob, helper = false): number {
  const { size, bandRows, offsets, list } = bands;
  const { target, counter } = job;
  const total = Math.ceil(size / bandRows);
  let baked = 0;
  for (;;) {
    if (helper) Atomics.add(counter, 1, 1);
    try {
      const band = Atomics.add(counter, 0, 1);
      if (band >= total) return baked;
      const rowStart = band * bandRows;
      bakeRows(
        mesh as Mesh,
        layer,
        target,
        rowStart,
        Math.min(size, rowStart + bandRows),
        list.subarray(offsets[band], offsets[band + 1]),
      );
      baked++;
    } finally {
      if (helper && Atomics.sub(counter, 1, 1) === 1) Atomics.notify(counter, 1);
    }
  }
}

/** Every row of one layer on this thread, in one pass; returns the bands it stands for (for the log). */
function bakeAllRows(mesh: BandMesh, layer: BakeLayer, target: BakeTarget, bandRows: number): number {
  bakeRows(mesh as Mesh, layer, target, 0, target.size);
  return Math.ceil(target.size / bandRows);
}

/** Messages to the helper thread. */
export type HelperMessage =
  | { type: 'start'; id: number; mesh: BandMesh; size: number; bandRows: number; shader: BakeShaderRef }
  | { type: 'layer'; id: number; layer: number; job: LayerJob }
  | { type: 'end'; id: number }
  | { type: 'call'; id: number; fn: HelperFunctionRef };

/** Messages from the helper thread. */
export type HelperReply =
  | { type: 'ready' }
  | { type: 'failed'; id: number; error: string }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'call-failed'; id: number; error: string };

/**
 * A function the helper thread may run for a bake's set-up before the bake (`callOnHelper`): a module's
 * export called with one structured-cloneable input, its result structured-cloneable too (results on
 * SharedArrayBuffers come back without a copy).
 */
export interface HelperFunctionRef<I = unknown> {
  /** URL (href) of the module, importable from a worker thread. */
  module: string;
  /** Name of the exported function. */
  name: string;
  input: I;
}

/** The helper thread of this thread, kept (unref'd) for later bakes once started. */
interface Helper {
  worker: Worker;
  ready: boolean;
  /** Settles when the thread is ready (or failed to start). */
  started: Promise<void>;
  /** Set when the thread ended or failed: a layer waiting on it is baked again here. */
  failure?: Error;
  /** Wakes the layer waiting on the helper when it fails. */
  onFailure?: () => void;
  /** Calls sent and not yet answered (callOnHelper), by job id. */
  calls: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  /** Bakes and calls under way: while any is, the thread keeps the process up (someone awaits it). */
  holds: number;
}

function hold(state: Helper): void {
  if (state.holds++ === 0) state.worker.ref();
}

function letGo(state: Helper): void {
  if (--state.holds === 0) state.worker.unref();
}
let helper: Helper | undefined;
let nextJob = 1;

/**
 * Starts the helper thread ahead of a bake (a task's first stages run meanwhile), so that the bake
 * finds it ready: a bake never waits for a helper to start, it bakes alone instead.
 */
export function warmBakeHelper(): Promise<void> {
  if (helper && !helper.failure) return helper.started;
  const worker = new Worker(new URL('./bake-tiles-worker.mjs', import.meta.url));
  let started!: () => void;
  let refused!: (error: Error) => void;
  const state: Helper = {
    worker,
    ready: false,
    started: new Promise<void>((resolve, reject) => {
      started = resolve;
      refused = reject;
    }),
    calls: new Map(),
    holds: 0,
  };
  // Nobody need wait for the start: a failed one only means bakes go on alone.
  state.started.catch(() => {});
  const fail = (error: Error) => {
    state.failure ??= error;
    refused(error);
    if (helper === state) helper = undefined;
    state.onFailure?.();
    for (const call of state.calls.values()) call.reject(error);
    state.calls.clear();
  };
  worker.on('message', (reply: HelperReply) => {
    if (reply.type === 'ready') {
      state.ready = true;
      started();
    } else if (reply.type === 'result' || reply.type === 'call-failed') {
      const call = state.calls.get(reply.id);
      if (call) {
        state.calls.delete(reply.id);
        letGo(state);
      }
      if (reply.type === 'result') call?.resolve(reply.value);
      else call?.reject(new Error(reply.error));
    } else {
      fail(new Error(reply.error));
      void worker.terminate();
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`bake helper thread exited (code ${code})`)));
  // Held until it is ready (someone may wait for that), then never keeps the process up by itself.
  void state.started.then(
    () => {
      if (state.holds === 0) worker.unref();
    },
    () => {},
  );
  helper = state;
  return state.started;
}

/**
 * Runs `fn` on the helper thread if one is ready, else returns undefined (the caller then does the
 * work itself, when it needs it). For work a bake's set-up needs that is known before the bake (its
 * inputs ready while this thread is still busy with the steps before): the caller must hold a spare
 * cpu slot for the helper meanwhile (cpu-slots.ts), as for the bake itself. Calls run in the order
 * sent, each before any bake sent after it.
 */
export function callOnHelper<T>(fn: HelperFunctionRef): Promise<T> | undefined {
  const state = helper?.ready && !helper.failure ? helper : undefined;
  if (!state) return undefined;
  const id = nextJob++;
  const result = new Promise<T>((resolve, reject) => {
    state.calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
  });
  // Held while a call is out: its caller awaits the answer.
  hold(state);
  state.worker.postMessage({ type: 'call', id, fn } satisfies HelperMessage);
  return result;
}

/** Ends the helper thread (and with it every reference it holds); the next bake may start another. */
function retireHelper(state: Helper): void {
  if (helper === state) helper = undefined;
  state.failure ??= new Error('bake helper thread retired');
  void state.worker.terminate();
}

// Node has had Atomics.waitAsync since 16; TypeScript types it from lib es2024 only.
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: Promise<string> | string };
  }
).waitAsync;

/** Waits until the helper is out of the layer's bands (true) or has failed (false). */
async function helperDone(state: Helper, counter: Int32Array): Promise<boolean> {
  const failed = new Promise<false>((resolve) => {
    state.onFailure = () => resolve(false);
    if (state.failure) resolve(false);
  });
  try {
    for (;;) {
      const inside = Atomics.load(counter, 1);
      if (inside === 0) return !state.failure;
      const { async, value } = waitAsync(counter, 1, inside);
      if (async && (await Promise.race([value, failed])) === false) return false;
    }
  } finally {
    state.onFailure = undefined;
  }
}

/**
 * Bakes every layer the shader's factory makes over the mesh's UVs at `size` texels, one layer after
 * another (one layer's buffers at a time), each in bands on this thread and, with `threads` 2 and a
 * ready helper, the helper too; the maps come back in the factory's order.
 */
export async function bakeTiled<I>(
  mesh: Mesh,
  shader: BakeShaderRef<I>,
  options: TiledBakeOptions,
): Promise<RasterImage[]> {
  const { size } = options;
  const logger = options.logger ?? silentLogger;
  const bandRows = Math.max(1, Math.floor(options.bandRows ?? TILED_BAKE_DEFAULTS.bandRows));
  if (!mesh.uvs) throw new Error('bakeTiled needs a mesh with UVs (see generateUvAtlas).');
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`bakeTiled: bad size ${size}`);
  const withNormals = mesh.normals ? mesh : computeNormals(mesh);
  const factory = (await import(shader.module))[shader.name] as BakeShaderFactory<I>;
  if (typeof factory !== 'function') throw new Error(`bakeTiled: ${shader.module} has no export ${shader.name}`);
  const bandMesh: BandMesh = {
    positions: withNormals.positions,
    indices: withNormals.indices,
    uvs: withNormals.uvs,
    normals: withNormals.normals,
  };
  const threads = Math.min(2, Math.max(1, Math.floor(options.threads ?? TILED_BAKE_DEFAULTS.threads)));
  const wantsHelper = threads > 1 && size >= (options.minSizeForHelper ?? TILED_BAKE_DEFAULTS.minSizeForHelper);
  if (wantsHelper) void warmBakeHelper();
  const state = wantsHelper && helper?.ready ? helper : undefined;
  const id = nextJob++;
  // The helper is told first, so that it builds its shading and bands while this thread builds its own.
  if (state) {
    hold(state);
    state.worker.postMessage({
      type: 'start',
      id,
      mesh: bandMesh,
      size,
      bandRows,
      shader: { module: shader.module, name: shader.name, input: shader.input },
    } satisfies HelperMessage);
  }
  const images: RasterImage[] = [];
  const baked = { here: 0, helper: 0 };
  try {
    const layers = factory(withNormals, shader.input);
    // Bands are for sharing the rows with the helper: alone, this thread bakes every row in one pass
    // (the same texels: bakeRows over all rows and all triangles in index order is what the bands split),
    // without listing each band's triangles or setting up a triangle again in every band it crosses.
    const bands = state ? banding(bandMesh, size, bandRows) : undefined;
    for (let i = 0; i < layers.length; i++) {
      const layer = layers[i];
      let job: LayerJob = {
        target: createBakeTarget(size, layer.channels, layer.background, state !== undefined),
        counter: new Int32Array(new SharedArrayBuffer(8)),
      };
      if (state) state.worker.postMessage({ type: 'layer', id, layer: i, job } satisfies HelperMessage);
      options.beforeBands?.(i);
      const here = bands ? bakeBands(bandMesh, bands, layer, job) : bakeAllRows(bandMesh, layer, job.target, bandRows);
      if (state && bands && !(await helperDone(state, job.counter))) {
        // The helper may have ended inside a band it took: bake this layer again here.
        logger.warn({ err: state.failure }, 'bake helper thread failed; baking on this thread alone');
        job = { target: createBakeTarget(size, layer.channels, layer.background), counter: new Int32Array(2) };
        bakeBands(bandMesh, bands, layer, job);
      } else {
        baked.here += here;
        baked.helper += Math.ceil(size / bandRows) - here;
      }
      dilateTarget(job.target, layer.padding);
      images.push({ width: size, height: size, channels: layer.channels, data: job.target.data });
    }
  } finally {
    if (state && !state.failure) {
      state.worker.postMessage({ type: 'end', id } satisfies HelperMessage);
      letGo(state);
      if (size > (options.keepHelperUpTo ?? TILED_BAKE_DEFAULTS.keepHelperUpTo)) retireHelper(state);
    }
  }
  logger.debug({ size, layers: images.length, bandsHere: baked.here, bandsHelper: baked.helper }, 'tiled bake');
  return images;
}
