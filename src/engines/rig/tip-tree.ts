/**
 * How a body's tips hang together: geodesic distances between tips are close to a tree metric (limbs
 * are tubes joined at a trunk), so neighbour joining recovers that tree with branch lengths. Short
 * internal branches are collapsed into hubs; a four-legged or two-legged body shows two hubs joined by
 * the trunk, each holding a pair of limbs, one also the head (and the other perhaps a tail).
 */

export interface TipTree {
  /** Node count: tips are nodes 0 … tipCount − 1, internal nodes follow. */
  nodeCount: number;
  tipCount: number;
  /** Undirected edges [a, b, length]. */
  edges: [number, number, number][];
}

/** Neighbour joining (Saitou & Nei) on a symmetric distance matrix of n ≥ 2 tips. */
export function neighbourJoin(distance: number[][]): TipTree {
  const n = distance.length;
  const d: number[][] = distance.map((row) => [...row]);
  let active = Array.from({ length: n }, (_, i) => i);
  const edges: [number, number, number][] = [];
  let next = n;
  const dist = (a: number, b: number) => d[a][b];
  while (active.length > 2) {
    const r = active.length;
    const sums = new Map(active.map((i) => [i, active.reduce((s, j) => s + dist(i, j), 0)]));
    let best: [number, number] = [active[0], active[1]];
    let bestQ = Infinity;
    for (let x = 0; x < r; x++) {
      for (let y = x + 1; y < r; y++) {
        const i = active[x],
          j = active[y];
        const q = (r - 2) * dist(i, j) - sums.get(i)! - sums.get(j)!;
        if (q < bestQ - 1e-12) {
          bestQ = q;
          best = [i, j];
        }
      }
    }
    const [i, j] = best;
    const u = next++;
    const di = Math.max(0, 0.5 * dist(i, j) + (sums.get(i)! - sums.get(j)!) / (2 * (r - 2)));
    const dj = Math.max(0, dist(i, j) - di);
    for (const row of d) row[u] = 0;
    d[u] = new Array(u + 1).fill(0);
    for (const k of active) {
      if (k === i || k === j) continue;
      const value = Math.max(0, 0.5 * (dist(i, k) + dist(j, k) - dist(i, j)));
      d[u][k] = value;
      d[k][u] = value;
    }
    edges.push([i, u, di], [j, u, dj]);
    active = [...active.filter((k) => k !== i && k !== j), u];
  }
  if (active.length === 2) edges.push([active[0], active[1], Math.max(0, dist(active[0], active[1]))]);
  return { nodeCount: next, tipCount: n, edges };
}

/** A hub: internal nodes merged across short branches, with the tips hanging off it and their lengths. */
export interface Hub {
  tips: { tip: number; length: number }[];
}

export interface BodyTree {
  hubs: Hub[];
  /** Trunk length between the two hubs (0 with one hub). */
  trunk: number;
}

/**
 * Collapses internal branches shorter than `minBranch` into hubs, then folds the leaf hub with the
 * shortest tips (a head with ears, horns, tusks or a trunk on a neck; a hand's fingers) into one tip of
 * its neighbour, until at most two hubs remain. Returns null when the tips do not come down to one trunk between two hubs.
 *
 * With `splitHips`, a leaf hub joined by a link shorter than each of its tips, beside a hub it makes
 * at most three with, first joins that hub whole (the link added to its tips): a hip whose leg and
 * tail pair off before the other leg (neighbour joining on a long-tailed body), not a head.
 */
export function readHubs(tree: TipTree, minBranch: number, splitHips = false): BodyTree | null {
  const parent = Array.from({ length: tree.nodeCount }, (_, i) => i);
  const find = (v: number): number => {
    while (parent[v] !== v) v = parent[v] = parent[parent[v]];
    return v;
  };
  const internal = (v: number) => v >= tree.tipCount;
  for (const [a, b, length] of tree.edges) {
    if (internal(a) && internal(b) && length < minBranch) parent[find(a)] = find(b);
  }
  const hubs = new Map<number, Hub>();
  const links = new Map<number, Map<number, number>>();
  const hubOf = (v: number) => {
    const id = find(v);
    if (!hubs.has(id)) {
      hubs.set(id, { tips: [] });
      links.set(id, new Map());
    }
    return id;
  };
  for (const [a, b, length] of tree.edges) {
    if (internal(a) && internal(b)) {
      const ha = hubOf(a),
        hb = hubOf(b);
      if (ha === hb) continue;
      links.get(ha)!.set(hb, length);
      links.get(hb)!.set(ha, length);
    } else if (internal(a) || internal(b)) {
      const [tip, node] = internal(a) ? [b, a] : [a, b];
      hubs.get(hubOf(node))!.tips.push({ tip, length });
    }
  }
  while (hubs.size > 2) {
    const hip = splitHips
      ? [...hubs.keys()]
          .filter((id) => links.get(id)!.size === 1)
          .map((id) => ({ id, link: [...links.get(id)!.entries()][0] }))
          .filter(
            ({ id, link: [other, length] }) =>
              hubs.get(id)!.tips.length + hubs.get(other)!.tips.length <= 3 &&
              hubs.get(id)!.tips.every((t) => t.length > length),
          )
          .sort((a, b) => a.link[1] - b.link[1])[0]
      : undefined;
    if (hip) {
      const [other, length] = hip.link;
      for (const t of hubs.get(hip.id)!.tips) hubs.get(other)!.tips.push({ tip: t.tip, length: t.length + length });
      links.get(other)!.delete(hip.id);
      hubs.delete(hip.id);
      links.delete(hip.id);
      continue;
    }
    // Of the leaf hubs, the one with the shortest tips is the head's (ears, horns), not a pair of legs.
    const reach = (id: number) => Math.max(...hubs.get(id)!.tips.map((t) => t.length));
    const leaves = [...hubs.keys()].filter((id) => links.get(id)!.size === 1);
    if (leaves.length === 0) return null;
    const leaf = leaves.reduce((a, b) => (reach(b) < reach(a) ? b : a));
    const [[neighbour, length]] = [...links.get(leaf)!.entries()];
    const longest = hubs.get(leaf)!.tips.reduce((a, b) => (b.length > a.length ? b : a));
    hubs.get(neighbour)!.tips.push({ tip: longest.tip, length: longest.length + length });
    links.get(neighbour)!.delete(leaf);
    hubs.delete(leaf);
    links.delete(leaf);
  }
  const ids = [...hubs.keys()];
  if (ids.length === 2 && !links.get(ids[0])!.has(ids[1])) return null;
  const trunk = ids.length === 2 ? links.get(ids[0])!.get(ids[1])! : 0;
  return { hubs: ids.map((id) => hubs.get(id)!), trunk };
}
