/**
 * Reconstruction quality of the image-to-3D shape stage (issue 5).
 *
 * Renders known solids (the psb-dev meshes and analytic shapes made here) into input views with the
 * software renderer following views.md, sends the pictures through the engine's foreground, view and
 * shape stages, and compares the result with the source mesh: F-score at τ = 0.05, Chamfer distance
 * (both in units of the source's largest bounding-box side, 20k points sampled on each surface) and
 * volumetric IoU (96³ grid). Beside each figure: the exact visual hull of the same silhouettes (for
 * the front view alone: the silhouette extruded through the source's true depth, which is generous).
 * The reconstruction is placed by the source's bounding-box centre and height, since pictures carry
 * no absolute scale or position.
 *
 *   npx tsx bench/image-quality.ts [--views front|four|both] [--limit N] [--resolution 128] [--only 1,2]
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ViewLabel } from '../src/domain/task-spec.ts';
import { meshBounds, sceneFromMesh, type Mesh } from '../src/geometry/mesh.ts';
import { parseOff } from '../src/geometry/import/off.ts';
import { placeLikeSource } from './support/placement.ts';
import { meshFromGrid } from '../src/geometry/ops/mesh-from-grid.ts';
import { renderScene } from '../src/geometry/render/index.ts';
import { viewCamera } from '../src/engines/generate/image/view-cameras.ts';
import { encodeImage } from '../src/geometry/texture.ts';
import { extractForeground } from '../src/engines/generate/image/foreground.ts';
import { buildViews } from '../src/engines/generate/image/views.ts';
import { reconstructShape } from '../src/engines/generate/image/shape.ts';
import { surfaceScores, volumetricIoU } from '../src/engines/generate/image/quality/metrics.ts';

const { values: args } = parseArgs({
  options: {
    views: { type: 'string', default: 'both' },
    limit: { type: 'string' },
    resolution: { type: 'string', default: '128' },
    only: { type: 'string' },
    size: { type: 'string', default: '512' },
  },
});

const DATA = new URL('../../shared/data/psb-dev/off/', import.meta.url);

/** Analytic solids made here: closed surfaces of signed distance functions. */
function analytic(name: string, sdf: (x: number, y: number, z: number) => number): { name: string; mesh: Mesh } {
  const n = 72;
  const spacing = 2.4 / (n - 1);
  const values = new Float32Array(n * n * n);
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        values[x + n * (y + n * z)] = sdf(-1.2 + x * spacing, -1.2 + y * spacing, -1.2 + z * spacing);
      }
  return { name, mesh: meshFromGrid(values, [n, n, n], [-1.2, -1.2, -1.2], spacing, 0, { normals: false }) };
}

function shapes(): { name: string; mesh: Mesh }[] {
  const box = (x: number, y: number, z: number, bx: number, by: number, bz: number) => {
    const qx = Math.abs(x) - bx,
      qy = Math.abs(y) - by,
      qz = Math.abs(z) - bz;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0), Math.max(qz, 0)) + Math.min(Math.max(qx, qy, qz), 0);
  };
  return [
    analytic('sphere', (x, y, z) => Math.hypot(x, y, z) - 0.9),
    analytic('box', (x, y, z) => box(x, y, z, 0.9, 0.6, 0.4)),
    analytic('capsule', (x, y, z) => Math.hypot(x, Math.max(Math.abs(y) - 0.5, 0), z) - 0.4),
    analytic('torus', (x, y, z) => Math.hypot(Math.hypot(x, y) - 0.65, z) - 0.25),
    analytic('stool', (x, y, z) =>
      Math.min(
        box(x, y - 0.6, z, 0.8, 0.1, 0.8),
        ...[
          [-0.6, -0.6],
          [0.6, -0.6],
          [-0.6, 0.6],
          [0.6, 0.6],
        ].map(([lx, lz]) => box(x - lx, y + 0.2, z - lz, 0.1, 0.75, 0.1)),
      ),
    ),
  ];
}

async function evaluate(source: Mesh, labels: ViewLabel[], resolution: number, size: number) {
  const bounds = meshBounds(source);
  const scene = sceneFromMesh(source);
  const foregrounds = [];
  for (const label of labels) {
    const picture = await renderScene(scene, viewCamera(label, bounds), { width: size, height: size });
    foregrounds.push(await extractForeground(await encodeImage(picture)));
  }
  const views = buildViews(foregrounds, labels);
  const started = performance.now();
  const { mesh } = reconstructShape(views, { resolution });
  const ms = performance.now() - started;
  const height = bounds.max[1] - bounds.min[1];
  // Reference: the visual hull; alone, the front silhouette is extruded through the source's depth.
  const depthHalf = labels.length === 1 ? (bounds.max[2] - bounds.min[2]) / 2 / height : undefined;
  const hull = reconstructShape(views, {
    resolution,
    variant: 'hull',
    halfExtents: [undefined, undefined, depthHalf],
    smoothIterations: 0,
    fieldBlur: 0,
  }).mesh;
  const L = Math.max(...[0, 1, 2].map((k) => bounds.max[k] - bounds.min[k]));
  const score = (m: Mesh) => {
    const placed = placeLikeSource(m, source);
    const s = surfaceScores(placed, source, 0.05 * L);
    const pb = meshBounds(placed);
    const union = {
      min: [0, 1, 2].map((k) => Math.min(pb.min[k], bounds.min[k]) - 0.01 * L) as [number, number, number],
      max: [0, 1, 2].map((k) => Math.max(pb.max[k], bounds.max[k]) + 0.01 * L) as [number, number, number],
    };
    return { f: s.fScore, chamfer: s.chamfer / L, iou: volumetricIoU(placed, source, union) };
  };
  return { engine: score(mesh), hull: score(hull), ms, faces: mesh.indices.length / 3 };
}

const fmt = (v: number) => v.toFixed(3);

async function main() {
  const resolution = Number(args.resolution);
  const size = Number(args.size);
  const cases: { name: string; mesh: Mesh }[] = [];
  if (existsSync(DATA)) {
    const files = readdirSync(DATA)
      .filter((f) => f.endsWith('.off'))
      .sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
    for (const f of files)
      cases.push({ name: `psb ${f.replace('.off', '')}`, mesh: parseOff(readFileSync(new URL(f, DATA), 'utf8')) });
  } else {
    console.log(`(psb-dev not found at ${DATA.pathname}; analytic shapes only)`);
  }
  cases.push(...shapes());
  let selected = cases;
  if (args.only) {
    const names = new Set(args.only.split(','));
    selected = cases.filter((c) => names.has(c.name.replace('psb ', '')));
  }
  if (args.limit) selected = selected.slice(0, Number(args.limit));
  const sets: [string, ViewLabel[]][] = [];
  if (args.views !== 'four') sets.push(['front', ['F']]);
  if (args.views !== 'front') sets.push(['four', ['F', 'R', 'B', 'L']]);
  console.log(`# image-quality: ${selected.length} meshes, resolution ${resolution}, pictures ${size}²`);
  console.log(`command: npx tsx bench/image-quality.ts ${process.argv.slice(2).join(' ')}`);
  for (const [setName, labels] of sets) {
    console.log(`\n## views: ${labels.join(',')}\n`);
    console.log('| mesh | F-score | Chamfer | IoU | hull F | hull Chamfer | hull IoU | shape ms |');
    console.log('|---|---|---|---|---|---|---|---|');
    const totals = { f: 0, c: 0, i: 0, hf: 0, hc: 0, hi: 0, ms: 0 };
    for (const c of selected) {
      const r = await evaluate(c.mesh, labels, resolution, size);
      totals.f += r.engine.f;
      totals.c += r.engine.chamfer;
      totals.i += r.engine.iou;
      totals.hf += r.hull.f;
      totals.hc += r.hull.chamfer;
      totals.hi += r.hull.iou;
      totals.ms += r.ms;
      console.log(
        `| ${c.name} | ${fmt(r.engine.f)} | ${fmt(r.engine.chamfer)} | ${fmt(r.engine.iou)} | ${fmt(r.hull.f)} | ${fmt(r.hull.chamfer)} | ${fmt(r.hull.iou)} | ${r.ms.toFixed(0)} |`,
      );
    }
    const n = selected.length;
    console.log(
      `| **mean (${setName})** | **${fmt(totals.f / n)}** | ${fmt(totals.c / n)} | ${fmt(totals.i / n)} | ${fmt(totals.hf / n)} | ${fmt(totals.hc / n)} | ${fmt(totals.hi / n)} | ${(totals.ms / n).toFixed(0)} |`,
    );
  }
}

await main();
