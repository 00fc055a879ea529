/**
 * Issue #31: the image engine's bake stage alone, in CPU time, so a change to the baker can be measured
 * on a loaded machine. Builds the Medium reconstruction of the bench figure (bench/support/pictures.ts:
 * foreground, shape, face budget, UV atlas) once, then bakes its maps (base colour + normal map) at
 * `--size` texels `--runs` times and prints CPU seconds per bake, covered texels per CPU second and a
 * SHA-256 of the maps' pixels (the same hash before and after a speed-only change proves the output
 * unchanged).
 *
 *   npx tsx bench/bake-stage.ts                       # 2K maps (Medium), 3 runs
 *   npx tsx bench/bake-stage.ts --size 4096 --runs 1  # larger maps
 *   npx tsx bench/bake-stage.ts --threads 2           # bake tiles on the main thread and one helper
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { resolveGenerateRequest, type GenerateSpec } from '../src/domain/index.ts';
import { applyTransform, outputTransform } from '../src/engines/generate/image/index.ts';
import { extractForeground } from '../src/engines/generate/image/foreground.ts';
import { settingsFor } from '../src/engines/generate/image/settings.ts';
import { reconstructShape } from '../src/engines/generate/image/shape.ts';
import { bakeImageMaps } from '../src/engines/generate/image/texture-bake.ts';
import { buildViews } from '../src/engines/generate/image/views.ts';
import type { UvMesh } from '../src/engines/generate/shared/output.ts';
import { computeNormals, generateUvAtlas, simplifyToBudget } from '../src/geometry/ops/index.ts';
import { warmBakeHelper } from '../src/geometry/ops/bake-tiles.ts';
import { figurePicture } from './support/pictures.ts';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '2048' },
    runs: { type: 'string', default: '3' },
    threads: { type: 'string' },
  },
});
const size = Number(args.size);
const runs = Number(args.runs);

// As the image engine does when a core is free: the helper starts while the earlier stages run.
if (Number(args.threads ?? 1) > 1) void warmBakeHelper();

const raw = {
  fields: { tier: ['Gen-2.5-Medium'], seed: ['7'] },
  files: [{ field: 'images', filename: 'figure.png', bytes: await figurePicture() }],
};
const spec = resolveGenerateRequest(raw).spec as GenerateSpec;
const settings = settingsFor(spec);
const foreground = await extractForeground(raw.files[0].bytes, {
  useOriginalAlpha: spec.useOriginalAlpha,
  workingSize: settings.workingSize,
  refine: settings.refine,
  seed: spec.seed,
});
const views = buildViews([foreground], ['F']);
const { mesh, field } = reconstructShape(views, { resolution: settings.resolution, creative: spec.creative });
const transform = outputTransform(mesh, spec.bboxCondition);
const budgeted = await simplifyToBudget(applyTransform(mesh, transform), spec.faceBudget);
const atlas = computeNormals(
  generateUvAtlas({ ...budgeted, normals: undefined, uvs: undefined }, { textureSize: size }),
) as UvMesh;

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};
const results: { cpuS: number; wallS: number }[] = [];
let hash = '';
let covered = 0;
for (let r = 0; r < runs; r++) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const maps = await bakeImageMaps(atlas, size, {
    views,
    field,
    transform,
    metallic: 0,
    roughness: 0.6,
    normalMap: settings.normalMap,
    threads: args.threads ? Number(args.threads) : 1,
  });
  results.push({ cpuS: cpuSeconds(cpu0), wallS: (performance.now() - t0) / 1000 });
  const h = createHash('sha256');
  for (const image of [maps.baseColor, maps.normal]) if (image) h.update(image.data);
  hash = h.digest('hex');
  // Texels some triangle or padding wrote: the normal map's background is zero, its texels never are.
  const n = maps.normal ?? maps.baseColor;
  covered = 0;
  for (let i = 0; i < n.data.length; i += n.channels) if (n.data[i] | n.data[i + 1] | n.data[i + 2]) covered++;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpu = median(results.map((r) => r.cpuS));
console.log(
  JSON.stringify({
    size,
    faces: atlas.indices.length / 3,
    maps: settings.normalMap === false ? 1 : 2,
    coveredTexels: covered,
    cpuS: results.map((r) => Number(r.cpuS.toFixed(3))),
    wallS: results.map((r) => Number(r.wallS.toFixed(3))),
    mTexelsPerCpuS: Number(((covered * (settings.normalMap === false ? 1 : 2)) / cpu / 1e6).toFixed(2)),
    pixelsSha256: hash,
    load: loadavg().map((l) => l.toFixed(1)),
  }),
);
