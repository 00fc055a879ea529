/**
 * How often each directed edge of a triangle list is used, without a hash table: every vertex's outgoing
 * and incoming half-edges sit in two arrays (counting sort), and the uses of a→b and b→a are tallied in
 * two scratch arrays while visiting a, then cleared. Linear in the number of corners whatever the
 * vertices' valence (scanning b's list for each a→b instead would be quadratic at a vertex shared by
 * many triangles, such as the apex of a fan in an uploaded model).
 */

export interface HalfEdgeCounts {
  /** The half-edges a→b of the triangles, grouped by `from` in increasing order. */
  from: Uint32Array;
  to: Uint32Array;
  /** Uses of `from[h]→to[h]` in the whole list (1 when the half-edge is the only one so directed). */
  forward: Uint32Array;
  /** Uses of `to[h]→from[h]` (1 when exactly one triangle runs the edge the other way). */
  backward: Uint32Array;
}

/** `corners`: three vertex ids per triangle. */
export function halfEdgeCounts(corners: Uint32Array): HalfEdgeCounts {
  const n = corners.length;
  let ids = 0;
  for (let c = 0; c < n; c++) if (corners[c] >= ids) ids = corners[c] + 1;
  const outStart = new Uint32Array(ids + 1);
  const inStart = new Uint32Array(ids + 1);
  for (let t = 0; t < n; t += 3)
    for (let k = 0; k < 3; k++) {
      outStart[corners[t + k] + 1]++;
      inStart[corners[t + ((k + 1) % 3)] + 1]++;
    }
  for (let v = 0; v < ids; v++) {
    outStart[v + 1] += outStart[v];
    inStart[v + 1] += inStart[v];
  }
  const from = new Uint32Array(n);
  const to = new Uint32Array(n);
  const incomingFrom = new Uint32Array(n);
  const outFill = outStart.slice(0, ids);
  const inFill = inStart.slice(0, ids);
  for (let t = 0; t < n; t += 3)
    for (let k = 0; k < 3; k++) {
      const a = corners[t + k];
      const b = corners[t + ((k + 1) % 3)];
      const h = outFill[a]++;
      from[h] = a;
      to[h] = b;
      incomingFrom[inFill[b]++] = a;
    }
  const forward = new Uint32Array(n);
  const backward = new Uint32Array(n);
  const usesTo = new Uint32Array(ids);
  const usesFrom = new Uint32Array(ids);
  for (let a = 0; a < ids; a++) {
    for (let h = outStart[a]; h < outStart[a + 1]; h++) usesTo[to[h]]++;
    for (let i = inStart[a]; i < inStart[a + 1]; i++) usesFrom[incomingFrom[i]]++;
    for (let h = outStart[a]; h < outStart[a + 1]; h++) {
      forward[h] = usesTo[to[h]];
      backward[h] = usesFrom[to[h]];
    }
    for (let h = outStart[a]; h < outStart[a + 1]; h++) usesTo[to[h]] = 0;
    for (let i = inStart[a]; i < inStart[a + 1]; i++) usesFrom[incomingFrom[i]] = 0;
  }
  return { from, to, forward, backward };
}
