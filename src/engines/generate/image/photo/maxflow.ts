/**
 * Minimum s–t cut on an 8-connected pixel grid by the Boykov–Kolmogorov augmenting-path algorithm
 * (search trees grown from both terminals and reused between augmentations). Capacities are integers
 * so the result never depends on rounding; queues are FIFO so it never depends on iteration order
 * beyond the fixed pixel order.
 *
 * Edge `p·8 + k` leaves pixel p towards its k-th neighbour; its reverse is `q·8 + (k xor 1)`.
 */
const DX = [1, -1, 0, 0, 1, -1, 1, -1];
const DY = [0, 0, 1, -1, 1, -1, -1, 1];
const TERMINAL = -2;
const NONE = -1;
const FREE = 0,
  SOURCE = 1,
  SINK = 2;

export interface GridGraph {
  width: number;
  height: number;
  /** Residual capacity of each directed neighbour edge. */
  capacity: Int32Array;
  /** Net terminal capacity per pixel: > 0 from the source, < 0 to the sink. */
  terminal: Int32Array;
}

export function createGridGraph(width: number, height: number): GridGraph {
  return { width, height, capacity: new Int32Array(width * height * 8), terminal: new Int32Array(width * height) };
}

/** Symmetric neighbour weight between p and its k-th neighbour (both directions). */
export function setEdge(graph: GridGraph, p: number, k: number, weight: number): void {
  const x = p % graph.width,
    y = (p - x) / graph.width;
  const qx = x + DX[k],
    qy = y + DY[k];
  if (qx < 0 || qy < 0 || qx >= graph.width || qy >= graph.height) return;
  const q = qy * graph.width + qx;
  graph.capacity[p * 8 + k] = weight;
  graph.capacity[q * 8 + (k ^ 1)] = weight;
}

export function neighbourOf(width: number, height: number, p: number, k: number): number {
  const x = p % width,
    y = (p - x) / width;
  const qx = x + DX[k],
    qy = y + DY[k];
  return qx < 0 || qy < 0 || qx >= width || qy >= height ? -1 : qy * width + qx;
}

/**
 * Moves a graph a cut already ran on (its capacities now residual) from the terminal capacities `from`
 * to `to`, keeping the flow found: each pixel's residual terminal capacity moves by the change, which
 * leaves that flow feasible (net terminal capacities: a pixel's source and sink sides may both grow by
 * any amount without changing the cut). The next minCut then augments only what the change allows,
 * and its source side is the same as a cut of the changed graph from no flow: the nodes the source
 * still reaches once the flow is maximal do not depend on which maximum flow was found.
 */
export function retargetTerminals(graph: GridGraph, from: Int32Array, to: Int32Array): void {
  const tr = graph.terminal;
  for (let p = 0; p < tr.length; p++) tr[p] += to[p] - from[p];
}

/** The last grid's neighbour table: every cut of a segmentation runs on the same grid. */
let neighbours: { width: number; height: number; head: Int32Array } | undefined;

/** Per directed edge `p·8 + k`, the pixel it leads to (−1 off the grid). Read only. */
function neighbourTable(width: number, height: number): Int32Array {
  if (neighbours?.width === width && neighbours.height === height) return neighbours.head;
  const head = new Int32Array(width * height * 8);
  for (let p = 0; p < width * height; p++)
    for (let k = 0; k < 8; k++) head[p * 8 + k] = neighbourOf(width, height, p, k);
  neighbours = { width, height, head };
  return head;
}

/** Runs the max-flow in place; returns the source side of the minimum cut (1 = source) and the flow. */
export function minCut(graph: GridGraph): { source: Uint8Array; flow: number } {
  const { width: W, height: H, capacity: cap, terminal: tr } = graph;
  const n = W * H;
  const head = neighbourTable(W, H);
  const tree = new Uint8Array(n);
  const parent = new Int32Array(n).fill(NONE);
  const stamp = new Int32Array(n);
  const dist = new Int32Array(n);
  let time = 1;
  const active = new Int32Array(n + 1);
  const inActive = new Uint8Array(n);
  let aHead = 0,
    aTail = 0,
    aCount = 0;
  const pushActive = (v: number) => {
    if (inActive[v]) return;
    inActive[v] = 1;
    active[aTail] = v;
    aTail = (aTail + 1) % (n + 1);
    aCount++;
  };
  const orphans: number[] = [];
  let flow = 0;
  for (let v = 0; v < n; v++) {
    if (tr[v] > 0) {
      tree[v] = SOURCE;
      parent[v] = TERMINAL;
      stamp[v] = time;
      dist[v] = 1;
      pushActive(v);
    } else if (tr[v] < 0) {
      tree[v] = SINK;
      parent[v] = TERMINAL;
      stamp[v] = time;
      dist[v] = 1;
      pushActive(v);
    }
  }
  while (aCount > 0) {
    const v = active[aHead];
    aHead = (aHead + 1) % (n + 1);
    aCount--;
    inActive[v] = 0;
    if (tree[v] === FREE) continue;
    // Growth: find an edge joining the two trees.
    let bridge = -1;
    const side = tree[v];
    for (let k = 0; k < 8 && bridge < 0; k++) {
      const e = v * 8 + k,
        u = head[e];
      if (u < 0) continue;
      const residual = side === SOURCE ? cap[e] : cap[u * 8 + (k ^ 1)];
      if (residual <= 0) continue;
      if (tree[u] === FREE) {
        tree[u] = side;
        parent[u] = u * 8 + (k ^ 1);
        stamp[u] = stamp[v];
        dist[u] = dist[v] + 1;
        pushActive(u);
      } else if (tree[u] !== side) bridge = e;
    }
    if (bridge < 0) continue;
    // v stays active: it may have more bridges.
    pushActive(v);
    time++;
    // Augment along source-root → s → t → sink-root. `mid` runs from the source side to the sink side.
    const s = side === SOURCE ? v : head[bridge];
    const t = side === SOURCE ? head[bridge] : v;
    const mid = side === SOURCE ? bridge : head[bridge] * 8 + ((bridge & 7) ^ 1);
    let bottleneck = cap[mid];
    for (let x = s; parent[x] !== TERMINAL; x = head[parent[x]]) {
      const pe = parent[x];
      const into = head[pe] * 8 + ((pe & 7) ^ 1);
      if (cap[into] < bottleneck) bottleneck = cap[into];
    }
    for (let x = s; ; x = head[parent[x]])
      if (parent[x] === TERMINAL) {
        if (tr[x] < bottleneck) bottleneck = tr[x];
        break;
      }
    for (let x = t; parent[x] !== TERMINAL; x = head[parent[x]])
      if (cap[parent[x]] < bottleneck) bottleneck = cap[parent[x]];
    for (let x = t; ; x = head[parent[x]])
      if (parent[x] === TERMINAL) {
        if (-tr[x] < bottleneck) bottleneck = -tr[x];
        break;
      }
    cap[mid] -= bottleneck;
    cap[head[mid] * 8 + ((mid & 7) ^ 1)] += bottleneck;
    for (let x = s; ; ) {
      const pe = parent[x];
      if (pe === TERMINAL) {
        tr[x] -= bottleneck;
        if (tr[x] === 0) {
          parent[x] = NONE;
          orphans.push(x);
        }
        break;
      }
      const up = head[pe];
      const into = up * 8 + ((pe & 7) ^ 1);
      cap[into] -= bottleneck;
      cap[pe] += bottleneck;
      if (cap[into] === 0) {
        parent[x] = NONE;
        orphans.push(x);
      }
      x = up;
    }
    for (let x = t; ; ) {
      const pe = parent[x];
      if (pe === TERMINAL) {
        tr[x] += bottleneck;
        if (tr[x] === 0) {
          parent[x] = NONE;
          orphans.push(x);
        }
        break;
      }
      const up = head[pe];
      cap[pe] -= bottleneck;
      cap[up * 8 + ((pe & 7) ^ 1)] += bottleneck;
      if (cap[pe] === 0) {
        parent[x] = NONE;
        orphans.push(x);
      }
      x = up;
    }
    flow += bottleneck;
    // Adoption.
    for (let oi = 0; oi < orphans.length; oi++) {
      const x = orphans[oi];
      const xs = tree[x];
      let bestEdge = NONE,
        bestDist = Infinity;
      for (let k = 0; k < 8; k++) {
        const e = x * 8 + k,
          u = head[e];
        if (u < 0 || tree[u] !== xs) continue;
        const residual = xs === SOURCE ? cap[u * 8 + (k ^ 1)] : cap[e];
        if (residual <= 0) continue;
        // Does u still reach a terminal? Walk up, using stamps to stop early.
        let d = 0,
          y = u,
          ok = false;
        for (;;) {
          if (stamp[y] === time) {
            d += dist[y];
            ok = true;
            break;
          }
          const pe = parent[y];
          d++;
          if (pe === TERMINAL) {
            stamp[y] = time;
            dist[y] = 1;
            ok = true;
            break;
          }
          if (pe === NONE) break;
          y = head[pe];
        }
        if (!ok) continue;
        if (d < bestDist) {
          bestDist = d;
          bestEdge = e;
        }
        for (let z = u; stamp[z] !== time; z = head[parent[z]]) {
          stamp[z] = time;
          dist[z] = d;
          d--;
        }
      }
      if (bestEdge !== NONE) {
        parent[x] = bestEdge;
        stamp[x] = time;
        dist[x] = bestDist + 1;
        continue;
      }
      for (let k = 0; k < 8; k++) {
        const e = x * 8 + k,
          u = head[e];
        if (u < 0 || tree[u] !== xs) continue;
        const residual = xs === SOURCE ? cap[u * 8 + (k ^ 1)] : cap[e];
        if (residual > 0) pushActive(u);
        const pu = parent[u];
        if (pu >= 0 && head[pu] === x) {
          parent[u] = NONE;
          orphans.push(u);
        }
      }
      tree[x] = FREE;
    }
    orphans.length = 0;
  }
  const source = new Uint8Array(n);
  for (let v = 0; v < n; v++) source[v] = tree[v] === SOURCE ? 1 : 0;
  return { source, flow };
}
