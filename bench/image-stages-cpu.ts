/**
 * CPU time of the image engine's own stages (issue #31): foreground (decode, segmentation, colour
 * bleed), shape (field and surface) and the face budget step, on the speed bench's pictures at the
 * Medium settings, several runs in one process, the first (module loads, JIT) left out of the medians.
 * One thread (no core count, so no helper threads): CPU time is what two trees can be compared by on a
 * shared, loaded machine. Run the trees alternately and compare medians. A hash of each stage's output
 * is printed, so a change that should only be faster can be seen to give the same mask and meshes.
 *
 *   npx tsx bench/image-stages-cpu.ts --picture png --mode full --runs 5
 *   npx tsx bench/image-stages-cpu.ts --tree /path/to/other/checkout --picture photo --mode fast
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { resolveGenerateRequest, type GenerateSpec } from '../src/domain/index.ts';
import { figurePicture, jugPhotograph } from './support/pictures.ts';

const { values: args } = parseArgs({
  options: {
    tree: { type: 'string', default: new URL('..', import.meta.url).pathname },
    picture: { type: 'string', default: 'png' },
    mode: { type: 'string', default: 'full' },
    runs: { type: 'string', default: '5' },
  },
});

const tree = args.tree.replace(/\/$/, '');
const image = `${tree}/src/engines/generate/image`;
const { extractForeground } = (await import(
  `${image}/foreground.ts`
)) as typeof import('../src/engines/generate/image/foreground.ts');
const { buildViews } = (await import(`${image}/views.ts`)) as typeof import('../src/engines/generate/image/views.ts');
const { reconstructShape } = (await import(
  `${image}/shape.ts`
)) as typeof import('../src/engines/generate/image/shape.ts');
const { settingsFor } = (await import(
  `${image}/settings.ts`
)) as typeof import('../src/engines/generate/image/settings.ts');
const { applyTransform, outputTransform } = (await import(
  `${image}/index.ts`
)) as typeof import('../src/engines/generate/image/index.ts');
const { simplifyToBudget } = (await import(
  `${tree}/src/geometry/ops/simplify.ts`
)) as typeof import('../src/geometry/ops/simplify.ts');

const photo = args.picture === 'photo';
const fast = args.mode === 'fast';
const bytes = photo ? await jugPhotograph() : await figurePicture();
// The speed bench's requests: Medium (150 000 faces), fast mode with quality_override 20000.
const fields: Record<string, string> = { tier: 'Gen-2.5-Medium', seed: photo ? '5' : '7' };
if (fast) fields.quality_override = '20000';
const spec = resolveGenerateRequest({
  fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])),
  files: [{ field: 'images', filename: photo ? 'photo.jpg' : '0000.png', bytes }],
}).spec as GenerateSpec;
const settings = settingsFor(spec);

const hashOf = (...arrays: ArrayBufferView[]) => {
  const h = createHash('sha256');
  for (const a of arrays) h.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return h.digest('hex').slice(0, 12);
};
const cpuMsSince = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return Math.round((u.user + u.system) / 1000);
};

const STAGES = ['foreground', 'shape', 'budget'] as const;
const cpu: Record<(typeof STAGES)[number], number[]> = { foreground: [], shape: [], budget: [] };
const hashes = new Set<string>();
let faces = { shape: 0, budget: 0 };
for (let run = 0; run < Number(args.runs); run++) {
  let t = process.cpuUsage();
  const foreground = await extractForeground(bytes, {
    workingSize: settings.workingSize,
    refine: settings.refine,
    seed: spec.seed,
  });
  cpu.foreground.push(cpuMsSince(t));
  t = process.cpuUsage();
  const { mesh } = reconstructShape(buildViews([foreground], ['F']), { resolution: settings.resolution });
  cpu.shape.push(cpuMsSince(t));
  t = process.cpuUsage();
  const budgeted = await simplifyToBudget(applyTransform(mesh, outputTransform(mesh)), spec.faceBudget);
  cpu.budget.push(cpuMsSince(t));
  faces = { shape: mesh.indices.length / 3, budget: budgeted.indices.length / 3 };
  hashes.add(
    `mask ${hashOf(foreground.mask)} shape ${hashOf(mesh.positions, mesh.indices)} budget ${hashOf(budgeted.positions, budgeted.indices)}`,
  );
}
const medianOf = (xs: number[]) => {
  const warm = xs.slice(1).sort((a, b) => a - b);
  return warm[Math.floor(warm.length / 2)];
};
console.log(
  JSON.stringify({
    tree,
    picture: args.picture,
    mode: args.mode,
    cpuMedianMs: Object.fromEntries(STAGES.map((s) => [s, medianOf(cpu[s])])),
    cpuMs: cpu,
    faces,
    outputs: [...hashes],
    load: loadavg().map((l) => Number(l.toFixed(1))),
  }),
);
