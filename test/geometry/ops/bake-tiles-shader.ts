/** A bake shader module for bake-tiles.test.ts: both threads import it and build the same layers. */
import type { BakeLayer, BakeShaderFactory } from '../../../src/geometry/ops/bake-tiles.ts';

export interface TestShaderInput {
  /** Added to the red channel: proves the input crossed to the helper thread. */
  red: number;
  /** Busy work per texel (loop turns), so that bands take long enough for both threads to take some. */
  slow?: number;
  /** Added to the second layer's value: a shared buffer the bake fills once the first layer is handed over. */
  late?: Float32Array;
}

/** An RGBA layer of position, triangle parity and input, and a one-channel layer of the barycentrics. */
export const testLayers: BakeShaderFactory<TestShaderInput> = (_mesh, input) => {
  const colour: BakeLayer = {
    channels: 4,
    background: [0, 0, 0.2, 0],
    shade(out, position, normal, triangle) {
      let spin = 0;
      for (let i = 0; i < (input.slow ?? 0); i++) spin += Math.sqrt(i);
      out[0] = position[0] * 0.5 + input.red + (spin < 0 ? 1 : 0);
      out[1] = (position[1] + 1) * 0.5;
      out[2] = triangle % 2 === 0 ? 1 : normal[2];
      out[3] = 1;
    },
  };
  const weights: BakeLayer = {
    channels: 1,
    padding: 2,
    shade(out, _position, _normal, triangle, bary) {
      out[0] = (bary[0] * 0.7 + bary[2] * 0.3 + triangle * 0.001 + (input.late?.[0] ?? 0)) % 1;
    },
  };
  return [colour, weights];
};

/** For callOnHelper: the input's values doubled on a SharedArrayBuffer, and which thread did it. */
export async function doubledShared(input: { values: number[]; fail?: boolean }) {
  if (input.fail) throw new Error('asked to fail');
  const { isMainThread } = await import('node:worker_threads');
  const out = new Float32Array(new SharedArrayBuffer(input.values.length * 4));
  input.values.forEach((v, i) => {
    out[i] = v * 2;
  });
  return { out, onHelper: !isMainThread };
}
