import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMesh } from '../../../src/geometry/mesh.ts';
import { bakeTexture } from '../../../src/geometry/ops/index.ts';

// Two triangles in separate UV islands plus one tiny triangle smaller than a texel.
function islands() {
  const positions = new Float32Array([
    0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 5, 5, 5, 5.001, 5, 5, 5, 5.001, 5,
  ]);
  const uvs = new Float32Array([
    0.1, 0.1, 0.4, 0.1, 0.1, 0.4, 0.6, 0.6, 0.9, 0.6, 0.6, 0.9, 0.5, 0.05, 0.5001, 0.05, 0.5, 0.0501,
  ]);
  return createMesh(positions, new Uint32Array([0, 1, 2, 3, 4, 5, 6, 7, 8]), { uvs });
}

test('bake shades every triangle and interpolates positions', () => {
  const size = 64;
  const hits = new Uint32Array(3);
  const image = bakeTexture(islands(), {
    size,
    channels: 4,
    padding: 0,
    shade(out, position, _normal, triangle, bary) {
      hits[triangle]++;
      assert.ok(Math.abs(bary[0] + bary[1] + bary[2] - 1) < 1e-5);
      out[0] = triangle === 2 ? 1 : position[0];
      out[1] = position[1];
      out[2] = position[2] > 0.5 ? 1 : 0;
      out[3] = 1;
    },
  });
  assert.ok(hits[0] > 100 && hits[1] > 100 && hits[2] >= 1, `hits ${hits}`);
  const at = (u: number, v: number, c: number) =>
    image.data[(Math.floor(v * size) * size + Math.floor(u * size)) * 4 + c];
  // UV (0.25, 0.12) lies in triangle 0 near position x = 0.5, y = 0.07.
  assert.ok(Math.abs(at(0.25, 0.12, 0) - 128) < 12, `red ${at(0.25, 0.12, 0)}`);
  assert.equal(at(0.7, 0.7, 2), 255);
  assert.equal(at(0.25, 0.12, 2), 0);
  // Away from every chart, nothing was written.
  assert.equal(at(0.9, 0.1, 3), 0);
  assert.equal(at(0.5, 0.05, 0), 255);
});

test('bake dilates charts by the padding and no further', () => {
  const size = 64;
  const bake = (padding: number) =>
    bakeTexture(islands(), { size, channels: 1, padding, shade: (out) => void (out[0] = 1) });
  const covered = (img: { data: Uint8Array }) => img.data.reduce((s, v) => s + (v ? 1 : 0), 0);
  const none = bake(0),
    two = bake(2);
  assert.ok(covered(two) > covered(none));
  // A texel 2 outside the first island's left edge (u = 0.1 → x = 6.4) is filled with padding 2 only.
  const row = Math.floor(0.2 * size) * size;
  assert.equal(none.data[row + 4], 0);
  assert.equal(two.data[row + 4], 255);
  assert.equal(two.data[row + 1], 0);
});

test('bake refuses a mesh without UVs', () => {
  const mesh = createMesh(new Float32Array(9), new Uint32Array([0, 1, 2]));
  assert.throws(() => bakeTexture(mesh, { size: 8, shade: () => {} }), /UVs/);
});

test('a bake whose shade reads no normal (normals: false) writes the same texels and leaves the normal unset', () => {
  const size = 64;
  const byPosition = (out: Float32Array, position: Float32Array, _normal: Float32Array, triangle: number) => {
    out[0] = position[0];
    out[1] = position[1];
    out[2] = triangle / 2;
  };
  const withNormals = bakeTexture(islands(), { size, channels: 3, shade: byPosition });
  const normalsSeen = new Set<number>();
  const without = bakeTexture(islands(), {
    size,
    channels: 3,
    normals: false,
    shade(out, position, normal, triangle, bary) {
      for (const n of normal) normalsSeen.add(n);
      byPosition(out, position, normal, triangle);
      assert.ok(Math.abs(bary[0] + bary[1] + bary[2] - 1) < 1e-5);
    },
  });
  assert.deepEqual(without.data, withNormals.data);
  assert.deepEqual([...normalsSeen], [0]);
});
