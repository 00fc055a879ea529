import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ViewLabel } from '../../../../src/domain/task-spec.ts';
import { createMesh, meshBounds, sceneFromMesh, type Mesh } from '../../../../src/geometry/mesh.ts';
import { isWatertight, meshVolume, surfaceArea } from '../../../../src/geometry/ops/index.ts';
import { renderScene } from '../../../../src/geometry/render/index.ts';
import { viewCamera } from '../../../../src/engines/generate/image/view-cameras.ts';
import { encodeImage } from '../../../../src/geometry/texture.ts';
import { extractForeground } from '../../../../src/engines/generate/image/foreground.ts';
import { inflate } from '../../../../src/engines/generate/image/inflation.ts';
import { reconstructShape } from '../../../../src/engines/generate/image/shape.ts';
import { buildViews } from '../../../../src/engines/generate/image/views.ts';
import { surfaceScores } from '../../../../src/engines/generate/image/quality/metrics.ts';
import { svgPicture } from './pictures.ts';

/** Axis-aligned box as a closed mesh. */
function box(min: number[], max: number[]): Mesh {
  const p: number[] = [];
  for (let i = 0; i < 8; i++) p.push(i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]);
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  return createMesh(new Float32Array(p), new Uint32Array(quads.flatMap(([a, b, c, d]) => [a, b, c, a, c, d])));
}

function merge(meshes: Mesh[]): Mesh {
  const positions = new Float32Array(meshes.reduce((s, m) => s + m.positions.length, 0));
  const indices: number[] = [];
  let offset = 0;
  for (const m of meshes) {
    positions.set(m.positions, offset * 3);
    for (const i of m.indices) indices.push(i + offset);
    offset += m.positions.length / 3;
  }
  return createMesh(positions, new Uint32Array(indices));
}

async function pictures(mesh: Mesh, labels: ViewLabel[]) {
  const bounds = meshBounds(mesh);
  const out = [];
  for (const label of labels) {
    const image = await renderScene(sceneFromMesh(mesh), viewCamera(label, bounds), { width: 256, height: 256 });
    out.push(await extractForeground(await encodeImage(image)));
  }
  return out;
}

test('inflating a disc gives a hemisphere profile (h = √(R² − r²))', () => {
  const W = 200,
    R = 80;
  const mask = new Uint8Array(W * W);
  for (let y = 0; y < W; y++)
    for (let x = 0; x < W; x++) if ((x + 0.5 - 100) ** 2 + (y + 0.5 - 100) ** 2 < R * R) mask[y * W + x] = 1;
  const h = inflate(mask, W, W, 1);
  assert.ok(Math.abs(h[100 * W + 100] - R) < R * 0.03, `centre ${h[100 * W + 100]}`);
  assert.ok(Math.abs(h[100 * W + 140] - Math.sqrt(R * R - 40 * 40)) < R * 0.04, `half radius ${h[100 * W + 140]}`);
  assert.equal(h[0], 0);
});

test('labels follow docs/spec/views.md: a nose seen on the left of the R picture lands on +Z (and on −Z if the picture is called L)', async () => {
  // A cube body with a thin nose sticking out of its front (+Z).
  const object = merge([box([-1, -1, -1], [1, 1, 1]), box([-0.25, -0.25, 0.9], [0.25, 0.25, 2])]);
  const [front, right] = await pictures(object, ['F', 'R']);
  // Units: the object's height is 1, centred on its bounding box: the body spans z −0.75 … 0.25 and
  // the nose 0.2 … 0.75 when the nose is in front. Beyond |z| > 0.4 only the thin nose may remain.
  const ends = (labels: ViewLabel[]) => {
    const { mesh } = reconstructShape(buildViews([front, right], labels), { resolution: 48 });
    assert.ok(isWatertight(mesh), 'closed solid');
    const thickest = { plus: 0, minus: 0 };
    for (let i = 0; i < mesh.positions.length; i += 3) {
      const y = Math.abs(mesh.positions[i + 1]);
      const z = mesh.positions[i + 2];
      if (z > 0.4) thickest.plus = Math.max(thickest.plus, y);
      if (z < -0.4) thickest.minus = Math.max(thickest.minus, y);
    }
    return thickest;
  };
  const asRight = ends(['F', 'R']);
  assert.ok(asRight.plus > 0.05 && asRight.plus < 0.2 && asRight.minus > 0.4, `nose on +Z: ${JSON.stringify(asRight)}`);
  const asLeft = ends(['F', 'L']);
  assert.ok(asLeft.minus > 0.05 && asLeft.minus < 0.2 && asLeft.plus > 0.4, `nose on −Z: ${JSON.stringify(asLeft)}`);
});

test('four views of a box reconstruct it closely (F-score at τ = 0.05 above 0.8)', async () => {
  const object = box([-0.9, -0.6, -0.4], [0.9, 0.6, 0.4]);
  const views = buildViews(await pictures(object, ['F', 'R', 'B', 'L']), ['F', 'R', 'B', 'L']);
  const { mesh } = reconstructShape(views, { resolution: 64 });
  // Back to the source's frame: height 1.2, centred at the origin.
  const placed = { ...mesh, positions: mesh.positions.map((v) => v * 1.2) };
  const { fScore } = surfaceScores(placed, object, 0.05 * 1.8, 5000);
  assert.ok(fScore > 0.8, `F-score ${fScore}`);
});

test('foreground: real alpha is used as the mask; a plain coloured background is separated by its colour', async () => {
  const transparent = await svgPicture('<rect x="64" y="32" width="128" height="192" fill="#208040"/>', 256, 'none');
  const a = await extractForeground(transparent);
  assert.equal(a.method, 'alpha');
  const area = (m: Uint8Array) => m.reduce((s, v) => s + v, 0);
  assert.ok(Math.abs(area(a.mask) - 128 * 192) < 128 * 192 * 0.03, `alpha area ${area(a.mask)}`);
  const onColour = await svgPicture('<circle cx="128" cy="128" r="70" fill="#d04010"/>', 256, '#3060a0');
  const b = await extractForeground(onColour);
  assert.equal(b.method, 'plain-background');
  const expected = Math.PI * 70 * 70;
  assert.ok(Math.abs(area(b.mask) - expected) < expected * 0.05, `segmented area ${area(b.mask)} vs ${expected}`);
});

test('foreground segmentation is repeatable: the same picture gives the same mask every time', async () => {
  const picture = await svgPicture(
    '<circle cx="128" cy="128" r="70" fill="#d04010"/><rect x="100" y="60" width="60" height="160" fill="#40d010"/>',
    256,
    '#3060a0',
  );
  const first = (await extractForeground(picture)).mask;
  for (let k = 0; k < 3; k++) assert.deepEqual((await extractForeground(picture)).mask, first);
});

test('creative mode trades silhouette fidelity for a rounder form', async () => {
  const star = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 ? 40 : 110;
    const a = (i * Math.PI) / 5 - Math.PI / 2;
    return `${128 + r * Math.cos(a)},${128 + r * Math.sin(a)}`;
  }).join(' ');
  const picture = await extractForeground(
    await svgPicture(`<polygon points="${star}" fill="#c08020"/>`, 256, '#ffffff'),
  );
  const views = buildViews([picture], ['F']);
  const sphericity = (m: Mesh) => (36 * Math.PI * meshVolume(m) ** 2) / surfaceArea(m) ** 3;
  const faithful = reconstructShape(views, { resolution: 64 }).mesh;
  const creative = reconstructShape(views, { resolution: 64, creative: true }).mesh;
  assert.ok(sphericity(creative) > sphericity(faithful) * 1.05, `${sphericity(creative)} vs ${sphericity(faithful)}`);
});

test('visual hull from photographs: one view whose mask is a little off does not carve the hull away', async () => {
  const object = box([-1, -1, -1], [1, 1, 1]);
  const labels: ViewLabel[] = ['F', 'R', 'B', 'L'];
  const clean = await pictures(object, labels);
  const asPhotos = clean.map((f) => ({ ...f, method: 'segmentation' as const, confidence: 0.8 }));
  // The R view's mask loses a band 3 % of the object's width along its left edge (a slightly-off segmentation).
  const off = asPhotos.map((f, i) => {
    if (i !== 1) return f;
    const mask = Uint8Array.from(f.mask);
    let left = f.maskWidth,
      right = 0;
    for (let p = 0; p < mask.length; p++)
      if (mask[p]) {
        left = Math.min(left, p % f.maskWidth);
        right = Math.max(right, p % f.maskWidth);
      }
    const band = Math.max(1, Math.round((right - left) * 0.03));
    for (let y = 0; y < f.maskHeight; y++) {
      let x0 = 0;
      while (x0 < f.maskWidth && !mask[y * f.maskWidth + x0]) x0++;
      for (let x = x0; x < Math.min(f.maskWidth, x0 + band); x++) mask[y * f.maskWidth + x] = 0;
    }
    return { ...f, mask };
  });
  // The carving stage alone (the rounding stage still follows each view's own outline).
  const volume = (fgs: typeof clean) =>
    meshVolume(reconstructShape(buildViews(fgs, labels), { resolution: 48, variant: 'hull' }).mesh);
  const lossAsPhotos = volume(asPhotos) - volume(off);
  const lossAsAlpha = volume(clean) - volume(off.map((f) => ({ ...f, method: 'alpha' as const })));
  assert.ok(lossAsAlpha > 0, 'the off mask does carve a trusted hull');
  assert.ok(
    lossAsPhotos < 0.6 * lossAsAlpha,
    `photographs lose less to the off mask: ${lossAsPhotos.toFixed(4)} vs ${lossAsAlpha.toFixed(4)} for alpha`,
  );
});
