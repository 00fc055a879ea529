/**
 * Pictures on a plain background (issue #31): the psb-dev meshes rendered per views.md (front view) over
 * flat colours with no alpha channel, saved as PNG and as JPEG (quality 90), through the engine's
 * foreground stage. Reports, per picture, which path took it (plain-background.ts or the photo
 * segmentation) and the IoU of its mask against the true silhouette; with --base, the same figures from
 * another checkout's foreground (such as a `git archive` copy of main, where every such picture went
 * through the photo segmentation), so the plain-background mask can be compared with the cut it replaces.
 *
 *   npx tsx bench/plain-background-quality.ts [--base /tmp/main-copy] [--limit 12] [--size 512]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { meshBounds, sceneFromMesh } from '../src/geometry/mesh.ts';
import { parseOff } from '../src/geometry/import/off.ts';
import { renderScene, renderSilhouette } from '../src/geometry/render/index.ts';
import { viewCamera } from '../src/engines/generate/image/view-cameras.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    limit: { type: 'string' },
    size: { type: 'string', default: '512' },
    data: { type: 'string', default: new URL('../../shared/data/psb-dev/off/', import.meta.url).pathname },
  },
});

type ExtractForeground = typeof import('../src/engines/generate/image/foreground.ts').extractForeground;
const load = async (tree: string): Promise<ExtractForeground> =>
  (await import(`${tree.replace(/\/$/, '')}/src/engines/generate/image/foreground.ts`)).extractForeground;
const branchForeground = await load(new URL('..', import.meta.url).pathname);
const baseForeground = args.base ? await load(args.base) : undefined;

const BACKGROUNDS: [number, number, number][] = [
  [255, 255, 255],
  [239, 238, 232],
  [128, 128, 128],
  [48, 96, 160],
  [16, 16, 16],
];

function iou(mask: Uint8Array, truth: Uint8Array): number {
  let inter = 0,
    union = 0;
  for (let p = 0; p < mask.length; p++) {
    const a = mask[p] === 1,
      b = truth[p] >= 128;
    if (a && b) inter++;
    if (a || b) union++;
  }
  return union ? inter / union : 0;
}

async function main(): Promise<void> {
  if (!existsSync(args.data))
    throw new Error(`psb-dev meshes not found at ${args.data}; pass --data <psb-dev/off directory>`);
  const size = Number(args.size);
  const files = readdirSync(args.data)
    .filter((f) => f.endsWith('.off'))
    .sort()
    .slice(0, args.limit ? Number(args.limit) : undefined);
  const sums: Record<string, { n: number; branch: number; base: number; plain: number }> = {};
  console.log('| mesh | background | format | path | IoU | base IoU |');
  console.log('|---|---|---|---|---:|---:|');
  for (const [i, file] of files.entries()) {
    const source = parseOff(readFileSync(`${args.data}/${file}`, 'utf8'));
    const camera = viewCamera('F', meshBounds(source));
    const render = await renderScene(sceneFromMesh(source), camera, { width: size, height: size });
    const background = BACKGROUNDS[i % BACKGROUNDS.length];
    const rgb = new Uint8Array(size * size * 3);
    for (let p = 0; p < size * size; p++) {
      const a = render.data[p * 4 + 3] / 255;
      for (let c = 0; c < 3; c++) rgb[p * 3 + c] = Math.round(render.data[p * 4 + c] * a + background[c] * (1 - a));
    }
    const raw = { raw: { width: size, height: size, channels: 3 as const } };
    for (const format of ['png', 'jpeg'] as const) {
      const bytes = new Uint8Array(
        format === 'png'
          ? await sharp(rgb, raw).png().toBuffer()
          : await sharp(rgb, raw).jpeg({ quality: 90 }).toBuffer(),
      );
      const fg = await branchForeground(bytes, { seed: 7 });
      const truth = renderSilhouette(source, camera, { width: fg.maskWidth, height: fg.maskHeight }).data;
      const score = iou(fg.mask, truth);
      const baseScore = baseForeground ? iou((await baseForeground(bytes, { seed: 7 })).mask, truth) : Number.NaN;
      const key = `${format} ${fg.method}`;
      sums[key] ??= { n: 0, branch: 0, base: 0, plain: 0 };
      sums[key].n++;
      sums[key].branch += score;
      sums[key].base += baseScore;
      console.log(
        `| ${file} | rgb(${background.join(',')}) | ${format} | ${fg.method} | ${score.toFixed(3)} | ${baseScore.toFixed(3)} |`,
      );
    }
  }
  console.log('\n| format, path | pictures | mean IoU | base mean IoU |');
  console.log('|---|---:|---:|---:|');
  for (const [key, s] of Object.entries(sums))
    console.log(`| ${key} | ${s.n} | ${(s.branch / s.n).toFixed(3)} | ${(s.base / s.n).toFixed(3)} |`);
}

await main();
