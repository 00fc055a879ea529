/** The merge tree the segmenter builds (agglomerate.ts) and how it is read back as a segmentation. */

export interface MergeTree {
  /** Leaves are faces 0 … leafCount − 1; internal node i has id leafCount + i. */
  leafCount: number;
  left: Int32Array;
  right: Int32Array;
  /** Surface area per node id. */
  area: Float64Array;
  root: number;
}

/** The faces (leaves) under `node`, appended to `out`. */
export function leavesOf(tree: MergeTree, node: number, out: number[]): number[] {
  const stack = [node];
  while (stack.length) {
    const id = stack.pop()!;
    if (id < tree.leafCount) out.push(id);
    else stack.push(tree.left[id - tree.leafCount], tree.right[id - tree.leafCount]);
  }
  return out;
}

/**
 * Face labels for the segmentation with `count` parts: undo the last count − 1 merges. Labels are
 * 0 … count − 1 in the order the parts appear in the split sequence.
 */
export function labelsAtCount(tree: MergeTree, count: number): Int32Array {
  const n = tree.leafCount;
  const internal = tree.left.length;
  const splits = Math.min(count - 1, internal);
  const labels = new Int32Array(n);
  // Nodes that are split: the last `splits` internal nodes. Their children not themselves split are parts.
  const firstSplit = n + internal - splits;
  const parts: number[] = [];
  if (splits <= 0) parts.push(tree.root);
  for (let id = n + internal - 1; id >= firstSplit; id--) {
    for (const child of [tree.left[id - n], tree.right[id - n]]) if (child < firstSplit) parts.push(child);
  }
  parts.forEach((part, label) => {
    for (const face of leavesOf(tree, part, [])) labels[face] = label;
  });
  return labels;
}
