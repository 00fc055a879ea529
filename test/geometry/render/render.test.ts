import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { createMesh, sceneFromMesh } from '../../../src/geometry/mesh.ts';
import {
  orthographicCamera,
  perspectiveCamera,
  renderBuffers,
  renderPreview,
  renderScene,
  renderSilhouette,
  sceneBounds,
} from '../../../src/geometry/render/index.ts';
import { viewCamera } from '../../../src/engines/generate/image/view-cameras.ts';
import { box, dominantChannel, flatMaterial, sceneOf } from './solids.ts';

const RED = flatMaterial('red', [1, 0, 0]);
const GREEN = flatMaterial('green', [0, 1, 0]);
const BLUE = flatMaterial('blue', [0, 0, 1]);

function coveredBox(mask: { width: number; height: number; data: Uint8Array }) {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    count = 0;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      count++;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return { minX, minY, maxX, maxY, count };
}

test('a cube seen from F covers exactly the expected pixel box', () => {
  const cube = box([-1, -1, -1], [1, 1, 1]);
  const camera = orthographicCamera({ position: [0, 0, 5], target: [0, 0, 0], halfHeight: 2 });
  const mask = renderSilhouette(cube, camera, { width: 100, height: 100 });
  // 25 pixels per unit: the cube spans pixel centres 25.5 … 74.5.
  assert.deepEqual(coveredBox(mask), { minX: 25, minY: 25, maxX: 74, maxY: 74, count: 2500 });
});

test('view labels follow docs/spec/views.md: each view sees its own side of the object', async () => {
  // +X face red, +Y green, +Z blue; the other faces dark.
  const dark = flatMaterial('dark', [0.05, 0.05, 0.05]);
  const cube = box([-1, -1, -1], [1, 1, 1], [1, 0, 2, 0, 3, 0]);
  const scene = sceneFromMesh(cube, [dark, RED, GREEN, BLUE]);
  const bounds = sceneBounds(scene);
  const centreChannel = async (label: 'F' | 'R' | 'U') => {
    const image = await renderScene(scene, viewCamera(label, bounds), { width: 64, height: 64 });
    return dominantChannel(image.data, 64, 32, 32);
  };
  assert.equal(await centreChannel('R'), 0, 'R view shows the +X side');
  assert.equal(await centreChannel('U'), 1, 'U view shows the +Y side');
  assert.equal(await centreChannel('F'), 2, 'F view shows the +Z side');
});

test('view pictures are oriented as docs/spec/views.md says (picture right, picture up)', () => {
  const body = box([-1, -1, -1], [1, 1, 1]);
  const marker = (at: [number, number, number]) =>
    box([at[0] - 0.3, at[1] - 0.3, at[2] - 0.3], [at[0] + 0.3, at[1] + 0.3, at[2] + 0.3]);
  const markerSide = (at: [number, number, number], label: 'F' | 'R' | 'B' | 'L' | 'U' | 'D') => {
    const scene = sceneOf([body, marker(at)], [RED]);
    const camera = viewCamera(label, sceneBounds(scene));
    const withMarker = renderSilhouette(scene, camera, { width: 80, height: 80 });
    const without = renderSilhouette(body, camera, { width: 80, height: 80 });
    const extra = { ...withMarker, data: withMarker.data.map((v, i) => (v && !without.data[i] ? 255 : 0)) };
    const b = coveredBox(extra);
    assert.ok(b.count > 0, `marker visible from ${label}`);
    return { x: (b.minX + b.maxX) / 2 - 40, y: (b.minY + b.maxY) / 2 - 40 };
  };
  assert.ok(markerSide([1.6, 0, 0], 'F').x > 10, 'F: +X on the picture right');
  assert.ok(markerSide([0, 0, 1.6], 'R').x < -10, 'R: the front (+Z) on the picture left');
  assert.ok(markerSide([0, 1.6, 0], 'R').y < -10, 'R: +Y up');
  assert.ok(markerSide([-1.6, 0, 0], 'B').x > 10, 'B: −X on the picture right');
  assert.ok(markerSide([0, 0, -1.6], 'L').x < -10, 'L: the back on the picture left');
  assert.ok(markerSide([0, 0, -1.6], 'U').y < -10, 'U: picture up is −Z');
  assert.ok(markerSide([0, 0, 1.6], 'D').y < -10, 'D: picture up is +Z');
  assert.ok(markerSide([1.6, 0, 0], 'U').x > 10, 'U: +X on the picture right');
});

test('texture colours appear where the UVs put them (glTF v down)', async () => {
  // 8×8 texture in quadrants: top-left red, top-right green, bottom-left blue, bottom-right white.
  const quadrants = [
    [255, 0, 0],
    [0, 255, 0],
    [0, 0, 255],
    [255, 255, 255],
  ];
  const data = new Uint8Array(8 * 8 * 3);
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) data.set(quadrants[(y < 4 ? 0 : 2) + (x < 4 ? 0 : 1)], (y * 8 + x) * 3);
  const quad = createMesh(
    new Float32Array([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0]),
    new Uint32Array([0, 1, 2, 0, 2, 3]),
    {
      uvs: new Float32Array([0, 1, 1, 1, 1, 0, 0, 0]),
    },
  );
  const material = {
    ...flatMaterial('tex', [1, 1, 1]),
    baseColorTexture: { image: { width: 8, height: 8, channels: 3 as const, data } },
  };
  const camera = orthographicCamera({ position: [0, 0, 3], target: [0, 0, 0], halfHeight: 1 });
  const image = await renderScene(sceneFromMesh(quad, [material]), camera, { width: 40, height: 40 });
  const at = (x: number, y: number) => Array.from(image.data.subarray((y * 40 + x) * 4, (y * 40 + x) * 4 + 3));
  assert.deepEqual(at(3, 3), [255, 0, 0]);
  assert.deepEqual(at(36, 3), [0, 255, 0]);
  assert.deepEqual(at(3, 36), [0, 0, 255]);
  assert.deepEqual(at(36, 36), [255, 255, 255]);
});

test('perspective: the nearer of two boxes hides the farther one and looks larger', () => {
  const near = box([-0.5, -0.5, 1], [0.5, 0.5, 2]);
  const far = box([-0.5, -0.5, -4], [0.5, 0.5, -3]);
  const camera = perspectiveCamera({ position: [0, 0, 6], target: [0, 0, 0], fovYDegrees: 40 });
  const both = renderBuffers(sceneOf([near, far], [RED]), camera, { width: 64, height: 64 });
  const farOnly = renderSilhouette(far, camera, { width: 64, height: 64 });
  const nearOnly = renderSilhouette(near, camera, { width: 64, height: 64 });
  assert.ok(coveredBox(nearOnly).count > 3 * coveredBox(farOnly).count);
  // The centre pixel sees the near box's front face at depth 4.
  assert.ok(Math.abs(both.depth[32 * 64 + 32] - 4) < 1e-3);
});

test('lighting: a lit material is darker on faces turned from the light than an unlit one', async () => {
  const cube = box([-1, -1, -1], [1, 1, 1]);
  const lit = sceneFromMesh(cube, [flatMaterial('grey', [0.5, 0.5, 0.5], false)]);
  const camera = orthographicCamera({ position: [0, 0, 5], target: [0, 0, 0], halfHeight: 2 });
  const ambientOnly = await renderScene(lit, camera, {
    width: 20,
    height: 20,
    lights: { ambient: 0.3, directional: [] },
  });
  const unlit = await renderScene(lit, camera, { width: 20, height: 20, unlit: true });
  const centre = (10 * 20 + 10) * 4;
  assert.ok(ambientOnly.data[centre] < unlit.data[centre] - 50);
});

test('renderPreview writes a webp; exploded pieces get distinct colours and move apart', async () => {
  const scene = sceneOf(
    [box([-1, -1, -1], [0, 1, 1]), box([0, -1, -1], [1, 1, 1])],
    [flatMaterial('grey', [0.6, 0.6, 0.6], false)],
  );
  const plain = await renderPreview(scene, { size: 128 });
  const meta = await sharp(plain).metadata();
  assert.equal(meta.format, 'webp');
  assert.equal(meta.width, 128);
  const exploded = await renderPreview(scene, { size: 128, explode: true });
  const { data, info } = await sharp(exploded).raw().toBuffer({ resolveWithObject: true });
  const hues = new Set<string>();
  for (let i = 0; i < data.length; i += info.channels) {
    const r = data[i],
      g = data[i + 1],
      b = data[i + 2];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 60)
      hues.add([r, g, b].indexOf(Math.max(r, g, b)) + ':' + [r, g, b].indexOf(Math.min(r, g, b)));
  }
  assert.ok(hues.size >= 2, `exploded preview shows pieces in different colours (${[...hues]})`);
});
