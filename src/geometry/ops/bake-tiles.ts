/**
 * Bakes texture maps in bands of rows on this thread and, when asked, one helper thread at the same
 * time, into shared buffers; then dilates each map once. The result is texel for texel the same as
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
  logger?: Logger;
}

export const TILED_BAKE_DEFAULTS = {
  threads: 1,
  bandRows: 64,
  minSizeForHelper: 1024,
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

/** What one thread needs to take bands: the buffers and the counter live on SharedArrayBuffers. */
export interface BandJob {
  mesh: Pick<Mesh, 'positions' | 'indices' | 'uvs' | 'normals'>;
  size: number;
  bandRows: number;
  targets: BakeTarget[];
  /** [next band to take (over every layer's bands), bands this thread finished]. */
  counter: Int32Array;
}

/** Takes bands from the shared counter until none is left; returns how many this thread baked. */
export function bakeBands(job: BandJob, layers: BakeLayer[]): number {
  const mesh = job.mesh as Mesh;
  const { size, bandRows, targets, counter } = job;
  const bands = Math.ceil(size / bandRows);
  const { offsets, list } = bandTriangles(mesh, size, bandRows);
  let baked = 0;
  for (;;) {
    const taken = Atomics.add(counter, 0, 1);
    if (taken >= bands * layers.length) return baked;
    const layer = Math.floor(taken / bands),
      band = taken % bands;
    const rowStart = band * bandRows;
    bakeRows(
      mesh,
      layers[layer],
      targets[layer],
      rowStart,
      Math.min(size, rowStart + bandRows),
      list.subarray(offsets[band], offsets[band + 1]),
    );
    baked++;
  }
}

interface HelperReply {
  id: number;
  baked?: number;
  error?: string;
}

/** The helper thread, started on first use and kept (unref'd) for later bakes of this thread. */
let helper: Worker | undefined;
let nextJob = 1;
const pending = new Map<number, { resolve: (baked: number) => void; reject: (error: Error) => void }>();

function helperThread(): Worker {
  if (helper) return helper;
  const worker = new Worker(new URL('./bake-tiles-worker.mjs', import.meta.url));
  worker.on('message', (reply: HelperReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.error !== undefined) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.baked ?? 0);
  });
  const fail = (error: Error) => {
    if (helper === worker) helper = undefined;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(error);
    }
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`bake helper thread exited (code ${code})`)));
  // After the listeners (adding one refs the thread again): an idle helper never keeps the process up.
  worker.unref();
  helper = worker;
  return worker;
}

function onHelper(job: BandJob, shader: BakeShaderRef): Promise<number> {
  const id = nextJob++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const worker = helperThread();
    // Held while a bake waits on it (the process must not exit under an unfinished bake), not between.
    worker.ref();
    worker.postMessage({ id, job, shader: { module: shader.module, name: shader.name, input: shader.input } });
  });
}

/**
 * Bakes every layer the shader's factory makes over the mesh's UVs at `size` texels, in bands on
 * `threads` threads; the maps come back in the factory's order.
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
  const layers = factory(withNormals, shader.input);
  const threads = Math.min(2, Math.max(1, Math.floor(options.threads ?? TILED_BAKE_DEFAULTS.threads)));
  const useHelper = threads > 1 && size >= (options.minSizeForHelper ?? TILED_BAKE_DEFAULTS.minSizeForHelper);
  const targets = layers.map((l) => createBakeTarget(size, l.channels, l.background, useHelper));
  const job: BandJob = {
    mesh: {
      positions: withNormals.positions,
      indices: withNormals.indices,
      uvs: withNormals.uvs,
      normals: withNormals.normals,
    },
    size,
    bandRows,
    targets,
    counter: new Int32Array(new SharedArrayBuffer(8)),
  };
  let helperBands: Promise<number> = Promise.resolve(0);
  if (useHelper) {
    helperBands = onHelper(job, shader).catch((error: Error) => {
      logger.warn({ err: error }, 'bake helper thread failed; baking on this thread alone');
      return -1;
    });
  }
  const mine = bakeBands(job, layers);
  const theirs = await helperBands;
  if (theirs < 0) {
    // A helper that failed may have taken bands it never finished: bake everything again here.
    const fresh = layers.map((l) => createBakeTarget(size, l.channels, l.background));
    bakeBands({ ...job, targets: fresh, counter: new Int32Array(2) }, layers);
    targets.splice(0, targets.length, ...fresh);
  }
  logger.debug({ size, layers: layers.length, bandsHere: mine, bandsHelper: Math.max(0, theirs) }, 'tiled bake');
  return layers.map((layer, i) => {
    dilateTarget(targets[i], layer.padding);
    return { width: size, height: size, channels: layer.channels, data: targets[i].data };
  });
}
