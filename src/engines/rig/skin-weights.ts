/**
 * Skin weights along the fitted chains: each chain's cuts are geodesic rings, and across each cut the
 * weight passes from one joint to the next with a smooth profile of the distance to the ring (the
 * shape heat diffusion takes across a cut, here as a smoothstep over a band a share of the segment
 * long). Limbs hand over to the trunk past their last cut, the trunk chain runs from the head tip
 * down to the hips. Memberships of a chain sum to 1 by construction; a vertex gets at most two joints
 * from its limb and two from the trunk, so never more than four.
 */
import type { Chain } from './fit-skeleton.ts';
import type { VertexGraph } from './surface.ts';

export interface SkinWeightOptions {
  /** Blend band on each side of a cut, as a share of the shorter neighbouring segment. */
  blendShare: number;
  /** Blend band past a limb's last cut, as a share of that cut's distance from the tip. */
  rootBlendShare: number;
}

export const SKIN_WEIGHT_DEFAULTS: SkinWeightOptions = { blendShare: 0.45, rootBlendShare: 0.18 };

/** Four joint indices and four weights per vertex (weights sorted high to low, zero-padded). */
export interface SkinWeights {
  joints: Uint16Array;
  weights: Float32Array;
}

function smoothstep(x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return x * x * (3 - 2 * x);
}

function bands(chain: Chain, options: SkinWeightOptions): number[] {
  const { cuts } = chain;
  return cuts.map((c, k) => {
    const below = c - (k > 0 ? cuts[k - 1] : 0);
    const above =
      k + 1 < cuts.length ? cuts[k + 1] - c : chain.limb ? (options.rootBlendShare * c) / options.blendShare : below;
    return options.blendShare * Math.min(below, above);
  });
}

/** Memberships of a chain's joints at distance t: entry k is joint k; the extra last entry is the hand-over to the trunk. */
function memberships(chain: Chain, widths: number[], t: number): number[] {
  const out: number[] = [];
  let previous = 1;
  for (let k = 0; k < chain.cuts.length; k++) {
    const s = smoothstep((t - (chain.cuts[k] - widths[k])) / (2 * widths[k]));
    out.push(previous - s);
    previous = s;
  }
  if (chain.limb) out.push(previous);
  else out[out.length - 1] += previous;
  return out;
}

/** The region of a limb chain: the geodesic ball around its tip out to the end of its last blend. */
function limbRegion(graph: VertexGraph, chain: Chain, reach: number): Uint8Array {
  const inside = new Uint8Array(graph.vertexCount);
  const stack = [chain.field.source];
  inside[chain.field.source] = 1;
  const d = chain.field.distance;
  while (stack.length > 0) {
    const v = stack.pop()!;
    for (let e = graph.adjStart[v]; e < graph.adjStart[v + 1]; e++) {
      const u = graph.adjVertex[e];
      if (!inside[u] && d[u] < reach) {
        inside[u] = 1;
        stack.push(u);
      }
    }
  }
  return inside;
}

/**
 * Weights per welded vertex of `graph`; `jointIndex` maps joint names to skin indices; `nearestJoint`
 * places vertices no chain reaches (loose parts) rigidly on the closest joint.
 */
export function chainSkinWeights(
  graph: VertexGraph,
  chains: Chain[],
  jointIndex: Map<string, number>,
  nearestJoint: (v: number) => number,
  options: SkinWeightOptions = SKIN_WEIGHT_DEFAULTS,
): SkinWeights {
  const n = graph.vertexCount;
  const trunk = chains.find((c) => !c.limb)!;
  const limbs = chains.filter((c) => c.limb);
  const widths = new Map(chains.map((c) => [c, bands(c, options)]));
  const owner = new Int32Array(n).fill(-1);
  const ownerShare = new Float64Array(n).fill(Infinity);
  limbs.forEach((chain, i) => {
    const w = widths.get(chain)!;
    const last = chain.cuts.length - 1;
    const reach = chain.cuts[last] + w[last];
    const region = limbRegion(graph, chain, reach);
    for (let v = 0; v < n; v++) {
      if (!region[v]) continue;
      const share = chain.field.distance[v] / reach;
      if (share < ownerShare[v]) {
        ownerShare[v] = share;
        owner[v] = i;
      }
    }
  });
  const joints = new Uint16Array(4 * n);
  const weights = new Float32Array(4 * n);
  const trunkWidths = widths.get(trunk)!;
  for (let v = 0; v < n; v++) {
    const pairs: [number, number][] = [];
    let trunkShare = 1;
    if (owner[v] >= 0) {
      const chain = limbs[owner[v]];
      const m = memberships(chain, widths.get(chain)!, chain.field.distance[v]);
      for (let k = 0; k < chain.joints.length; k++) if (m[k] > 0) pairs.push([jointIndex.get(chain.joints[k])!, m[k]]);
      trunkShare = m[chain.joints.length];
    }
    if (trunkShare > 0) {
      const t = trunk.field.distance[v];
      if (!Number.isFinite(t)) pairs.push([nearestJoint(v), trunkShare]);
      else {
        const m = memberships(trunk, trunkWidths, t);
        for (let k = 0; k < trunk.joints.length; k++) {
          if (m[k] > 0) pairs.push([jointIndex.get(trunk.joints[k])!, m[k] * trunkShare]);
        }
      }
    }
    writeTopFour(pairs, joints, weights, v);
  }
  return { joints, weights };
}

/** Keeps the four largest weights of a vertex, merged by joint and renormalised to sum 1. */
export function writeTopFour(pairs: [number, number][], joints: Uint16Array, weights: Float32Array, v: number): void {
  const merged = new Map<number, number>();
  for (const [j, w] of pairs) merged.set(j, (merged.get(j) ?? 0) + w);
  const top = [...merged.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 4);
  const total = top.reduce((s, [, w]) => s + w, 0) || 1;
  top.forEach(([j, w], k) => {
    joints[4 * v + k] = j;
    weights[4 * v + k] = w / total;
  });
  if (top.length === 0) weights[4 * v] = 1;
}
