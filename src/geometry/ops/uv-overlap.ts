/** Finding triangles whose UV images overlap (with positive area) inside a UV layout. */
import { callOnHelper } from './bake-tiles.ts';
import { GrowableUint32 } from './pair-table.ts';

/**
 * Candidate pairs per triangle (pairs of triangles sharing a grid cell) past which the overlapping
 * pairs are found through a box tree rather than by walking the cells. A layout of even triangles has
 * 20–30 (the PNG and remote Medium atlases); text atlases, with slivers across hundreds of cells or
 * every chart packed into one strip, had 170–580, where the walk took 230–250 ms and the tree 100–130.
 */
export const OVERLAP_TREE_MIN_PAIRS_PER_FACE = 64;

/**
 * Triangles that overlap an earlier triangle. Triangles are binned into a uniform grid (about one per
 * cell on average); a pair is examined once, in the first cell both boxes cover, and separated by the
 * six edge axes. Neighbours that only touch along an edge or at a corner are separated with zero gap
 * and do not count; they still need the test, since a fan folding past 360° overlaps itself.
 *
 * Cells are visited in row order, and in a cell each triangle against the earlier ones; a triangle is
 * flagged by the first overlapping pair in that order whose two triangles are both still unflagged (so
 * the answer depends on that order, which must stay). Each cell entry carries a copy of its box and
 * first cell, so the inner loop reads memory in sequence rather than per triangle.
 *
 * When cells are crowded (`treeMinPairsPerFace`, tests choose a path with 0 or Infinity), the same walk is replayed from its
 * overlapping pairs alone, which are all that change anything in it: `boxOverlapPairs` finds every pair
 * whose boxes overlap, the overlapping ones are kept with their first shared cell, sorted into the walk's
 * order (cell, later triangle, earlier triangle) and flagged as the walk would. Same answer either way
 * (test: both paths on overlapping soups); a triangle with a non-finite UV is left to the walk.
 */
export function overlappingTriangles(
  indices: Uint32Array,
  uvs: Float32Array,
  treeMinPairsPerFace = OVERLAP_TREE_MIN_PAIRS_PER_FACE,
  withHelper = false,
): Uint8Array {
  const faces = indices.length / 3;
  const flagged = new Uint8Array(faces);
  if (faces < 2) return flagged;
  const grid = Math.max(1, Math.min(4096, Math.ceil(Math.sqrt(faces))));
  const box = new Float32Array(faces * 4); // minU, maxU, minV, maxV
  const cells = new Uint16Array(faces * 4); // x0, x1, y0, y1
  const cellOf = (x: number): number => Math.min(grid - 1, Math.max(0, Math.floor(x * grid)));
  // With a helper, what the cell walk reads lives on SharedArrayBuffers (both threads walk it).
  const split = withHelper && grid >= 2 * OVERLAP_ROWS_PER_CHUNK;
  const start = split ? shared(Uint32Array, grid * grid + 1) : new Uint32Array(grid * grid + 1);
  for (let t = 0; t < faces; t++) {
    const a = indices[t * 3] * 2,
      b = indices[t * 3 + 1] * 2,
      c = indices[t * 3 + 2] * 2;
    const u0 = Math.min(uvs[a], uvs[b], uvs[c]),
      u1 = Math.max(uvs[a], uvs[b], uvs[c]);
    const v0 = Math.min(uvs[a + 1], uvs[b + 1], uvs[c + 1]),
      v1 = Math.max(uvs[a + 1], uvs[b + 1], uvs[c + 1]);
    box[t * 4] = u0;
    box[t * 4 + 1] = u1;
    box[t * 4 + 2] = v0;
    box[t * 4 + 3] = v1;
    const x0 = cellOf(u0),
      x1 = cellOf(u1),
      y0 = cellOf(v0),
      y1 = cellOf(v1);
    cells[t * 4] = x0;
    cells[t * 4 + 1] = x1;
    cells[t * 4 + 2] = y0;
    cells[t * 4 + 3] = y1;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) start[y * grid + x + 1]++;
  }
  let candidates = 0;
  for (let i = 1; i <= grid * grid; i++) candidates += (start[i] * (start[i] - 1)) / 2;
  if (candidates > treeMinPairsPerFace * faces && box.every(Number.isFinite))
    return overlapsFromPairs(indices, uvs, box, cells, grid);
  for (let i = 0; i < grid * grid; i++) start[i + 1] += start[i];
  const total = start[grid * grid];
  const entries = split ? shared(Uint32Array, total) : new Uint32Array(total);
  const entryBox = split ? shared(Float32Array, total * 4) : new Float32Array(total * 4);
  // x0, y0 of the entry's triangle
  const entryFirstCell = split ? shared(Uint16Array, total * 2) : new Uint16Array(total * 2);
  const cursor = start.slice(0, grid * grid);
  for (let t = 0; t < faces; t++)
    for (let y = cells[t * 4 + 2]; y <= cells[t * 4 + 3]; y++)
      for (let x = cells[t * 4]; x <= cells[t * 4 + 1]; x++) {
        const e = cursor[y * grid + x]++;
        entries[e] = t;
        entryBox[e * 4] = box[t * 4];
        entryBox[e * 4 + 1] = box[t * 4 + 1];
        entryBox[e * 4 + 2] = box[t * 4 + 2];
        entryBox[e * 4 + 3] = box[t * 4 + 3];
        entryFirstCell[e * 2] = cells[t * 4];
        entryFirstCell[e * 2 + 1] = cells[t * 4 + 2];
      }
  if (split) {
    const walk = overlapWalk(indices, uvs, grid, start, entries, entryBox, entryFirstCell);
    const helping = callOnHelper({ module: import.meta.url, name: 'takeOverlapChunks', input: walk });
    if (helping) {
      // A helper that fails takes no chunk (or gives up one): what it does not do is walked here.
      helping.catch(() => {});
      flagFromChunks(walk, flagged);
      return flagged;
    }
  }
  for (let cy = 0; cy < grid; cy++)
    for (let cx = 0; cx < grid; cx++) {
      const cell = cy * grid + cx;
      for (let i = start[cell] + 1; i < start[cell + 1]; i++) {
        const t = entries[i];
        if (flagged[t]) continue;
        const tMinU = entryBox[i * 4],
          tMaxU = entryBox[i * 4 + 1],
          tMinV = entryBox[i * 4 + 2],
          tMaxV = entryBox[i * 4 + 3];
        const tX0 = entryFirstCell[i * 2],
          tY0 = entryFirstCell[i * 2 + 1];
        const t0 = indices[t * 3],
          t1 = indices[t * 3 + 1],
          t2 = indices[t * 3 + 2];
        for (let j = start[cell]; j < i; j++) {
          // Boxes must overlap with area, and the pair is handled only in the first shared cell.
          if (tMinU >= entryBox[j * 4 + 1] || entryBox[j * 4] >= tMaxU) continue;
          if (tMinV >= entryBox[j * 4 + 3] || entryBox[j * 4 + 2] >= tMaxV) continue;
          if (Math.max(tX0, entryFirstCell[j * 2]) !== cx || Math.max(tY0, entryFirstCell[j * 2 + 1]) !== cy) continue;
          const u = entries[j];
          if (flagged[u]) continue;
          // sharedCorners(indices, t, u) with t's corners read once per triangle, not once per pair.
          const u0 = indices[u * 3],
            u1 = indices[u * 3 + 1],
            u2 = indices[u * 3 + 2];
          const shared =
            (t0 === u0 || t0 === u1 || t0 === u2 ? 1 : 0) +
            (t1 === u0 || t1 === u1 || t1 === u2 ? 1 : 0) +
            (t2 === u0 || t2 === u1 || t2 === u2 ? 1 : 0);
          if (shared === 2 && signedArea(indices, uvs, t) * signedArea(indices, uvs, u) > 0) {
            // Same winding across a shared edge (reversed in one of them) puts them on opposite sides.
            continue;
          }
          if (overlap(indices, uvs, t, u)) {
            flagged[t] = 1;
            break;
          }
        }
      }
    }
  return flagged;
}

/** Rows of cells per chunk of the walk on two threads. */
export const OVERLAP_ROWS_PER_CHUNK = 8;

/**
 * How long this thread waits for a chunk the helper took, in multiples of its own mean time per chunk,
 * before walking the chunk itself (a helper the machine's scheduler holds back costs one chunk at most).
 */
const HELPER_CHUNK_PATIENCE = 2;

/** A chunk's state: not yet marked, walked here, taken by the helper, its pairs written, given up. */
const FREE = 0,
  HERE = 1,
  HELPER = 2,
  HELPER_DONE = 3,
  HELPER_GAVE_UP = 4;

/**
 * The cell walk shared with the helper thread: the bins (on SharedArrayBuffers), a counter both threads
 * take chunks of OVERLAP_ROWS_PER_CHUNK cell rows from, each chunk's state, and the helper's pairs.
 */
export interface OverlapWalk {
  indices: Uint32Array;
  uvs: Float32Array;
  grid: number;
  start: Uint32Array;
  entries: Uint32Array;
  entryBox: Float32Array;
  entryFirstCell: Uint16Array;
  /** [next chunk to take]. */
  next: Int32Array;
  /** Per chunk: FREE, HERE, HELPER, HELPER_DONE or HELPER_GAVE_UP. */
  state: Int32Array;
  /** Per chunk the helper walked: where its pairs start in `found` and how many words they take. */
  placed: Uint32Array;
  /** The helper's pairs (later triangle, earlier triangle), chunk after chunk. */
  found: Uint32Array;
}

function shared<T extends Uint32Array | Float32Array | Uint16Array | Int32Array>(
  kind: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number },
  length: number,
): T {
  return new kind(new SharedArrayBuffer(Math.max(1, length) * kind.BYTES_PER_ELEMENT));
}

function overlapWalk(
  indices: Uint32Array,
  uvs: Float32Array,
  grid: number,
  start: Uint32Array,
  entries: Uint32Array,
  entryBox: Float32Array,
  entryFirstCell: Uint16Array,
): OverlapWalk {
  const chunks = Math.ceil(grid / OVERLAP_ROWS_PER_CHUNK);
  const sharedIndices = shared(Uint32Array, indices.length);
  sharedIndices.set(indices);
  const sharedUvs = shared(Float32Array, uvs.length);
  sharedUvs.set(uvs);
  return {
    indices: sharedIndices.subarray(0, indices.length),
    uvs: sharedUvs.subarray(0, uvs.length),
    grid,
    start,
    entries,
    entryBox,
    entryFirstCell,
    next: shared(Int32Array, 1),
    state: shared(Int32Array, chunks),
    placed: shared(Uint32Array, chunks * 2),
    // Room for as many pairs as there are triangles: a layout with more overlaps is walked here.
    found: shared(Uint32Array, Math.max(1024, indices.length / 3) * 2),
  };
}

/**
 * Every overlapping pair of the cell walk in `rows`, in the walk's order (cell, later triangle, earlier
 * triangle), pushed as (later, earlier): the walk's tests without its skipping of flagged triangles,
 * which depends on earlier chunks and is replayed from the pairs (`flagFromChunks`).
 */
function walkRows(w: OverlapWalk, rowFrom: number, rowTo: number, out: GrowableUint32): void {
  const { indices, uvs, grid, start, entries, entryBox, entryFirstCell } = w;
  for (let cy = rowFrom; cy < rowTo; cy++)
    for (let cx = 0; cx < grid; cx++) {
      const cell = cy * grid + cx;
      for (let i = start[cell] + 1; i < start[cell + 1]; i++) {
        const t = entries[i];
        const tMinU = entryBox[i * 4],
          tMaxU = entryBox[i * 4 + 1],
          tMinV = entryBox[i * 4 + 2],
          tMaxV = entryBox[i * 4 + 3];
        const tX0 = entryFirstCell[i * 2],
          tY0 = entryFirstCell[i * 2 + 1];
        const t0 = indices[t * 3],
          t1 = indices[t * 3 + 1],
          t2 = indices[t * 3 + 2];
        for (let j = start[cell]; j < i; j++) {
          if (tMinU >= entryBox[j * 4 + 1] || entryBox[j * 4] >= tMaxU) continue;
          if (tMinV >= entryBox[j * 4 + 3] || entryBox[j * 4 + 2] >= tMaxV) continue;
          if (Math.max(tX0, entryFirstCell[j * 2]) !== cx || Math.max(tY0, entryFirstCell[j * 2 + 1]) !== cy) continue;
          const u = entries[j];
          const u0 = indices[u * 3],
            u1 = indices[u * 3 + 1],
            u2 = indices[u * 3 + 2];
          const sharedCount =
            (t0 === u0 || t0 === u1 || t0 === u2 ? 1 : 0) +
            (t1 === u0 || t1 === u1 || t1 === u2 ? 1 : 0) +
            (t2 === u0 || t2 === u1 || t2 === u2 ? 1 : 0);
          if (sharedCount === 2 && signedArea(indices, uvs, t) * signedArea(indices, uvs, u) > 0) continue;
          if (overlap(indices, uvs, t, u)) {
            out.push(t);
            out.push(u);
          }
        }
      }
    }
}

/**
 * The helper thread's part of a two-thread walk (run through `callOnHelper`): takes chunks from the
 * shared counter until none is left, writing each one's pairs into `found`. If they no longer fit it
 * gives that chunk up (the walking thread walks it) and takes no more.
 */
export function takeOverlapChunks(w: OverlapWalk): void {
  const chunks = w.state.length;
  const local = new GrowableUint32(256);
  let used = 0;
  for (;;) {
    const c = Atomics.add(w.next, 0, 1);
    if (c >= chunks) return;
    Atomics.store(w.state, c, HELPER);
    local.length = 0;
    walkRows(w, c * OVERLAP_ROWS_PER_CHUNK, Math.min(w.grid, (c + 1) * OVERLAP_ROWS_PER_CHUNK), local);
    if (used + local.length > w.found.length) {
      Atomics.store(w.state, c, HELPER_GAVE_UP);
      Atomics.notify(w.state, c);
      return;
    }
    w.found.set(local.data.subarray(0, local.length), used);
    w.placed[c * 2] = used;
    w.placed[c * 2 + 1] = local.length;
    used += local.length;
    Atomics.store(w.state, c, HELPER_DONE);
    Atomics.notify(w.state, c);
  }
}

/**
 * This thread's part of a two-thread walk, then the flags: chunks taken from the shared counter (the
 * helper takes others meanwhile), then every chunk's pairs in chunk order, flagged as the walk flags
 * them (a pair flags its later triangle when neither is flagged yet). A chunk the helper took and has
 * not finished is waited for (synchronously: this thread has nothing else to do) for about two of this
 * thread's chunks, then walked here (the helper's answer, the same pairs, is then left unread); so is
 * a chunk the helper gave up.
 */
function flagFromChunks(w: OverlapWalk, flagged: Uint8Array): void {
  const chunks = w.state.length;
  const mine = new GrowableUint32(1024);
  const mineAt = new Uint32Array(chunks * 2);
  const began = performance.now();
  let walked = 0;
  for (;;) {
    const c = Atomics.add(w.next, 0, 1);
    if (c >= chunks) break;
    Atomics.store(w.state, c, HERE);
    mineAt[c * 2] = mine.length;
    walkRows(w, c * OVERLAP_ROWS_PER_CHUNK, Math.min(w.grid, (c + 1) * OVERLAP_ROWS_PER_CHUNK), mine);
    mineAt[c * 2 + 1] = mine.length - mineAt[c * 2];
    walked++;
  }
  const patience = Math.max(1, (HELPER_CHUNK_PATIENCE * (performance.now() - began)) / Math.max(1, walked));
  const late = new GrowableUint32(256);
  for (let c = 0; c < chunks; c++) {
    let state = Atomics.load(w.state, c);
    // Free: the helper took it from the counter and is about to mark it.
    const deadline = performance.now() + patience;
    while ((state === FREE || state === HELPER) && performance.now() < deadline) {
      Atomics.wait(w.state, c, state, Math.max(0.1, deadline - performance.now()));
      state = Atomics.load(w.state, c);
    }
    let pairs: Uint32Array;
    if (state === HERE) pairs = mine.data.subarray(mineAt[c * 2], mineAt[c * 2] + mineAt[c * 2 + 1]);
    else if (state === HELPER_DONE) pairs = w.found.subarray(w.placed[c * 2], w.placed[c * 2] + w.placed[c * 2 + 1]);
    else {
      late.length = 0;
      walkRows(w, c * OVERLAP_ROWS_PER_CHUNK, Math.min(w.grid, (c + 1) * OVERLAP_ROWS_PER_CHUNK), late);
      pairs = late.data.subarray(0, late.length);
    }
    for (let p = 0; p < pairs.length; p += 2) {
      const t = pairs[p],
        u = pairs[p + 1];
      if (!flagged[t] && !flagged[u]) flagged[t] = 1;
    }
  }
}

/** The cell walk's answer from its overlapping pairs alone, found through the box tree. */
function overlapsFromPairs(
  indices: Uint32Array,
  uvs: Float32Array,
  box: Float32Array,
  cells: Uint16Array,
  grid: number,
): Uint8Array {
  const flagged = new Uint8Array(indices.length / 3);
  // The overlapping pairs as (first shared cell, later triangle, earlier triangle).
  const hits = new GrowableUint32(3 * 64);
  boxOverlapPairs(box, (a, b) => {
    const t = Math.max(a, b),
      u = Math.min(a, b);
    if (sharedCorners(indices, t, u) === 2 && signedArea(indices, uvs, t) * signedArea(indices, uvs, u) > 0) return;
    if (!overlap(indices, uvs, t, u)) return;
    const cx = Math.max(cells[t * 4], cells[u * 4]),
      cy = Math.max(cells[t * 4 + 2], cells[u * 4 + 2]);
    hits.push3(cy * grid + cx, t, u);
  });
  const d = hits.data;
  const order = Uint32Array.from({ length: hits.length / 3 }, (_, i) => i).sort(
    (i, j) => d[i * 3] - d[j * 3] || d[i * 3 + 1] - d[j * 3 + 1] || d[i * 3 + 2] - d[j * 3 + 2],
  );
  for (const i of order) {
    const t = d[i * 3 + 1],
      u = d[i * 3 + 2];
    if (!flagged[t] && !flagged[u]) flagged[t] = 1;
  }
  return flagged;
}

/** Triangles per leaf of the box tree. */
const LEAF = 8;

/**
 * Calls `pair(a, b)` once for every unordered pair of boxes (minU, maxU, minV, maxV) that overlap with
 * area on both axes (the same strict tests as comparing the two boxes directly); every bound must be
 * finite. The boxes are put in Morton order of their centres and grouped into a binary tree over that
 * order (leaves of LEAF boxes, each node the union of its two children); pairs of nodes of one level are
 * walked down from the root, skipping a pair whose unions do not overlap, to the pairs of leaves whose
 * boxes are compared.
 */
export function boxOverlapPairs(box: Float32Array, pair: (a: number, b: number) => void): void {
  const order = mortonOrder(box);
  const n = order.length;
  const sorted = new Float32Array(n * 4);
  for (let p = 0; p < n; p++) {
    const o = order[p] * 4;
    sorted[p * 4] = box[o];
    sorted[p * 4 + 1] = box[o + 1];
    sorted[p * 4 + 2] = box[o + 2];
    sorted[p * 4 + 3] = box[o + 3];
  }
  if (n < 2) return;
  // Levels of the tree, leaves first: node i of level k covers sorted positions [i, i + 1) × LEAF·2^k.
  const levels: Float32Array[] = [];
  let nodes = Math.ceil(n / LEAF);
  let level = new Float32Array(nodes * 4);
  for (let i = 0; i < nodes; i++) {
    let minU = Infinity,
      maxU = -Infinity,
      minV = Infinity,
      maxV = -Infinity;
    for (let p = i * LEAF; p < Math.min(n, (i + 1) * LEAF); p++) {
      if (sorted[p * 4] < minU) minU = sorted[p * 4];
      if (sorted[p * 4 + 1] > maxU) maxU = sorted[p * 4 + 1];
      if (sorted[p * 4 + 2] < minV) minV = sorted[p * 4 + 2];
      if (sorted[p * 4 + 3] > maxV) maxV = sorted[p * 4 + 3];
    }
    level[i * 4] = minU;
    level[i * 4 + 1] = maxU;
    level[i * 4 + 2] = minV;
    level[i * 4 + 3] = maxV;
  }
  levels.push(level);
  while (nodes > 1) {
    const below = level;
    nodes = Math.ceil(nodes / 2);
    level = new Float32Array(nodes * 4);
    for (let i = 0; i < nodes; i++) {
      const a = i * 8,
        b = Math.min(i * 8 + 4, below.length - 4);
      level[i * 4] = Math.min(below[a], below[b]);
      level[i * 4 + 1] = Math.max(below[a + 1], below[b + 1]);
      level[i * 4 + 2] = Math.min(below[a + 2], below[b + 2]);
      level[i * 4 + 3] = Math.max(below[a + 3], below[b + 3]);
    }
    levels.push(level);
  }
  // Pairs of nodes of one level, the first never after the second, in a depth-first walk from the root:
  // a pair of nodes whose unions do not overlap holds no overlapping pair of boxes.
  const stack = new Int32Array(3 * (4 * levels.length + 4));
  stack[0] = levels.length - 1;
  stack[1] = 0;
  stack[2] = 0;
  let depth = 1;
  while (depth > 0) {
    depth--;
    const k = stack[depth * 3],
      i = stack[depth * 3 + 1],
      j = stack[depth * 3 + 2];
    if (i !== j) {
      const node = levels[k];
      if (
        node[i * 4] >= node[j * 4 + 1] ||
        node[j * 4] >= node[i * 4 + 1] ||
        node[i * 4 + 2] >= node[j * 4 + 3] ||
        node[j * 4 + 2] >= node[i * 4 + 3]
      )
        continue;
    }
    if (k === 0) {
      const endI = Math.min(n, (i + 1) * LEAF),
        endJ = Math.min(n, (j + 1) * LEAF);
      for (let p = j * LEAF; p < endJ; p++) {
        const minU = sorted[p * 4],
          maxU = sorted[p * 4 + 1],
          minV = sorted[p * 4 + 2],
          maxV = sorted[p * 4 + 3];
        const end = i === j ? p : endI;
        for (let q = i * LEAF; q < end; q++) {
          if (minU >= sorted[q * 4 + 1] || sorted[q * 4] >= maxU) continue;
          if (minV >= sorted[q * 4 + 3] || sorted[q * 4 + 2] >= maxV) continue;
          pair(order[p], order[q]);
        }
      }
      continue;
    }
    // Children pairs: (i0, i0), (i0, i1), (i1, i1) under one node, else the (up to) four combinations.
    const children = levels[k - 1].length / 4;
    const i0 = i * 2,
      j0 = j * 2,
      i1 = i0 + 1 < children ? i0 + 1 : -1,
      j1 = j0 + 1 < children ? j0 + 1 : -1;
    let o = depth * 3;
    stack[o++] = k - 1;
    stack[o++] = i0;
    stack[o++] = j0;
    if (i === j) {
      if (i1 >= 0) {
        stack[o++] = k - 1;
        stack[o++] = i0;
        stack[o++] = i1;
        stack[o++] = k - 1;
        stack[o++] = i1;
        stack[o++] = i1;
      }
    } else {
      if (j1 >= 0) {
        stack[o++] = k - 1;
        stack[o++] = i0;
        stack[o++] = j1;
      }
      if (i1 >= 0) {
        stack[o++] = k - 1;
        stack[o++] = i1;
        stack[o++] = j0;
        if (j1 >= 0) {
          stack[o++] = k - 1;
          stack[o++] = i1;
          stack[o++] = j1;
        }
      }
    }
    depth = o / 3;
  }
}

/** Box indices sorted by the Morton code of their centres, quantised over the extent of those centres. */
function mortonOrder(box: Float32Array): Uint32Array {
  const n = box.length / 4;
  let minU = Infinity,
    maxU = -Infinity,
    minV = Infinity,
    maxV = -Infinity;
  for (let t = 0; t < n; t++) {
    const u = box[t * 4] + box[t * 4 + 1],
      v = box[t * 4 + 2] + box[t * 4 + 3];
    if (u < minU) minU = u;
    if (u > maxU) maxU = u;
    if (v < minV) minV = v;
    if (v > maxV) maxV = v;
  }
  // Code and index packed into one exactly representable double (53 bits), so a numeric sort orders both.
  const indexBits = Math.max(1, Math.ceil(Math.log2(n + 1)));
  const axisBits = Math.max(1, Math.min(16, Math.floor((52 - indexBits) / 2)));
  const levels = (1 << axisBits) - 1;
  const su = maxU > minU ? levels / (maxU - minU) : 0,
    sv = maxV > minV ? levels / (maxV - minV) : 0;
  const low = 2 ** indexBits;
  const keys = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const x = Math.floor((box[t * 4] + box[t * 4 + 1] - minU) * su),
      y = Math.floor((box[t * 4 + 2] + box[t * 4 + 3] - minV) * sv);
    keys[t] = (interleave(x) + 2 * interleave(y)) * low + t;
  }
  keys.sort();
  const order = new Uint32Array(n);
  for (let p = 0; p < n; p++) order[p] = keys[p] % low;
  return order;
}

/** The bits of x (< 2^16) spread to the even bit positions. */
function interleave(x: number): number {
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  x = (x | (x << 1)) & 0x55555555;
  return x >>> 0;
}

function sharedCorners(I: Uint32Array, t: number, u: number): number {
  let n = 0;
  for (let i = 0; i < 3; i++) {
    const v = I[t * 3 + i];
    if (v === I[u * 3] || v === I[u * 3 + 1] || v === I[u * 3 + 2]) n++;
  }
  return n;
}

function signedArea(I: Uint32Array, uv: Float32Array, t: number): number {
  const a = I[t * 3] * 2,
    b = I[t * 3 + 1] * 2,
    c = I[t * 3 + 2] * 2;
  return (uv[b] - uv[a]) * (uv[c + 1] - uv[a + 1]) - (uv[b + 1] - uv[a + 1]) * (uv[c] - uv[a]);
}

/**
 * Separating-axis test: do the two UV triangles share interior area?
 *
 * On each axis the corners are first projected onto the unnormalised edge normal: dividing by its
 * (positive) length is monotone, so when those projections already separate (touching included), the
 * normalised ones do too, with or without the tolerance, and the length (a `Math.hypot`, the costly
 * part) is needed only on axes where they overlap. Same answers as normalising every axis.
 */
function overlap(I: Uint32Array, uv: Float32Array, t: number, u: number): boolean {
  const a = I[t * 3] * 2,
    b = I[t * 3 + 1] * 2,
    c = I[t * 3 + 2] * 2,
    d = I[u * 3] * 2,
    e = I[u * 3 + 1] * 2,
    f = I[u * 3 + 2] * 2;
  const ax = uv[a],
    ay = uv[a + 1],
    bx = uv[b],
    by = uv[b + 1],
    cx = uv[c],
    cy = uv[c + 1],
    dx = uv[d],
    dy = uv[d + 1],
    ex = uv[e],
    ey = uv[e + 1],
    fx = uv[f],
    fy = uv[f + 1];
  const eps = Math.max(Math.abs(bx - ax), Math.abs(by - ay), Math.abs(ex - dx), Math.abs(ey - dy)) * 1e-6;
  // The six edges' normals (y_j − y_i, x_i − x_j), first triangle then second; locals, not arrays, so
  // the corners stay in registers.
  return (
    !separates(by - ay, ax - bx, ax, ay, bx, by, cx, cy, dx, dy, ex, ey, fx, fy, eps) &&
    !separates(cy - by, bx - cx, ax, ay, bx, by, cx, cy, dx, dy, ex, ey, fx, fy, eps) &&
    !separates(ay - cy, cx - ax, ax, ay, bx, by, cx, cy, dx, dy, ex, ey, fx, fy, eps) &&
    !separates(ey - dy, dx - ex, ax, ay, bx, by, cx, cy, dx, dy, ex, ey, fx, fy, eps) &&
    !separates(fy - ey, ex - fx, ax, ay, bx, by, cx, cy, dx, dy, ex, ey, fx, fy, eps) &&
    !separates(dy - fy, fx - dx, ax, ay, bx, by, cx, cy, dx, dy, ex, ey, fx, fy, eps)
  );
}

/** Whether axis (nx, ny) separates triangle abc from def (touching counts as separated; see `overlap`). */
function separates(
  nx: number,
  ny: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
  ex: number,
  ey: number,
  fx: number,
  fy: number,
  eps: number,
): boolean {
  const pa = ax * nx + ay * ny,
    pb = bx * nx + by * ny,
    pc = cx * nx + cy * ny;
  const pd = dx * nx + dy * ny,
    pe = ex * nx + ey * ny,
    pf = fx * nx + fy * ny;
  // Comparisons rather than Math.min/max, so a NaN projection is skipped as before (not propagated).
  let minA = Infinity,
    maxA = -Infinity,
    minB = Infinity,
    maxB = -Infinity;
  if (pa < minA) minA = pa;
  if (pa > maxA) maxA = pa;
  if (pb < minA) minA = pb;
  if (pb > maxA) maxA = pb;
  if (pc < minA) minA = pc;
  if (pc > maxA) maxA = pc;
  if (pd < minB) minB = pd;
  if (pd > maxB) maxB = pd;
  if (pe < minB) minB = pe;
  if (pe > maxB) maxB = pe;
  if (pf < minB) minB = pf;
  if (pf > maxB) maxB = pf;
  // Also covers a degenerate edge (a zero normal projects everything to 0): no area, no overlap.
  if (maxA <= minB || maxB <= minA) return true;
  const len = Math.hypot(nx, ny);
  // Rounded division is monotone, so the extremes of the quotients are the quotients of the extremes.
  return maxA / len <= minB / len + eps || maxB / len <= minA / len + eps;
}
