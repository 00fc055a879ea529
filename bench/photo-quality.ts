/**
 * Image-to-3D from photographs (issue 10): the psb-dev meshes rendered per views.md (front view),
 * composited over crops of real photographs (bench/data/photos, see bench/README.md for their
 * sources and licences), every other one defocused, each with a soft contact shadow, saved as RGB
 * JPEG. Each picture goes through the engine's foreground, view and shape stages exactly as a
 * request would (no alpha, so the photo segmentation runs). Reports the share of pictures that
 * produce an asset, the mean IoU of the front mask against the true silhouette, and the mean
 * F-score@0.05 against the true mesh (as bench/image-quality.ts), separately for the tuning half
 * (even positions in the sorted mesh list) and the held-out half (odd positions), and writes a
 * contact sheet (photograph → mask → preview) to docs/photo-contact-sheet.png.
 *
 *   npx tsx bench/photo-quality.ts [--half tune|held-out|both] [--limit N] [--size 512] [--sheet 12]
 *                                  [--over astronaut-a,astronaut-b,camera] [--fast]
 *
 * --fast takes the engine's fast-mode foreground (settings.ts: smaller working mask, fewer cuts).
 * --sheet 0 leaves docs/photo-contact-sheet.png alone. Each half ends with a table per background photograph.
 * --over puts every mesh of the half over each of the named photographs instead of one photograph per
 * mesh (defocus and shadow still vary from case to case): more cases for the hard backgrounds, for tuning
 * on the tune half without touching the held-out meshes.
 */
import { readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { meshBounds, sceneFromMesh, type Mesh } from '../src/geometry/mesh.ts';
import { parseOff } from '../src/geometry/import/off.ts';
import { placeLikeSource } from './support/placement.ts';
import { renderScene, renderSilhouette } from '../src/geometry/render/index.ts';
import { viewCamera } from '../src/engines/generate/image/view-cameras.ts';
import { extractForeground, type Foreground } from '../src/engines/generate/image/foreground.ts';
import { buildViews } from '../src/engines/generate/image/views.ts';
import { reconstructShape } from '../src/engines/generate/image/shape.ts';
import { surfaceScores } from '../src/engines/generate/image/quality/metrics.ts';
import { settingsFor } from '../src/engines/generate/image/settings.ts';
import type { GenerateSpec } from '../src/domain/task-spec.ts';

const { values: args } = parseArgs({
  options: {
    half: { type: 'string', default: 'both' },
    limit: { type: 'string' },
    size: { type: 'string', default: '512' },
    resolution: { type: 'string', default: '128' },
    sheet: { type: 'string', default: '12' },
    seed: { type: 'string', default: '7' },
    dump: { type: 'string' },
    only: { type: 'string' },
    over: { type: 'string' },
    fast: { type: 'boolean', default: false },
  },
});
// The foreground options the engine passes in fast mode (settings.ts), or the defaults.
const fastForeground = (() => {
  const fast = settingsFor({ tier: 'Gen-2.5-Medium', fastMode: true } as GenerateSpec);
  return { workingSize: fast.workingSize, refine: fast.refine };
})();

const MESHES = new URL('../../shared/data/psb-dev/off/', import.meta.url);
const PHOTOS = new URL('./data/photos/', import.meta.url);

/** Every other case within each half is defocused. */
const defocused = (i: number) => Math.floor(i / 2) % 2 === 1;

/** The photograph `photo`, cropped to the picture's size, defocused for some `i` (see `defocused`). */
async function backdrop(photo: string, i: number, size: number): Promise<Buffer> {
  let pipeline = sharp(new URL(photo, PHOTOS).pathname).resize(size, size, { fit: 'cover' }).removeAlpha();
  if (defocused(i)) pipeline = pipeline.blur(2.5 + (i % 3));
  return pipeline.raw().toBuffer();
}

/** Composites the render over the photograph with a soft elliptical contact shadow under the object. */
function composite(render: Uint8Array, background: Buffer, size: number, seedRow: number): Uint8Array {
  let x0 = size,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (render[(y * size + x) * 4 + 3] < 128) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  const cx = (x0 + x1) / 2,
    rx = Math.max(8, (x1 - x0) * 0.6),
    ry = Math.max(4, rx * 0.18);
  const darkness = 0.45 + (0.15 * (seedRow % 3)) / 2;
  const out = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const p = y * size + x;
      const d = ((x - cx) / rx) ** 2 + ((y - y1) / ry) ** 2;
      const shade = 1 - darkness * Math.exp(-d * 1.5);
      const a = render[p * 4 + 3] / 255;
      for (let c = 0; c < 3; c++)
        out[p * 3 + c] = Math.round(render[p * 4 + c] * a + background[p * 3 + c] * shade * (1 - a));
    }
  return out;
}

function maskIoU(fg: Foreground, truth: Uint8Array): number {
  let inter = 0,
    union = 0;
  for (let p = 0; p < fg.mask.length; p++) {
    const a = fg.mask[p] === 1,
      b = truth[p] >= 128;
    if (a && b) inter++;
    if (a || b) union++;
  }
  return union ? inter / union : 0;
}

interface CaseResult {
  name: string;
  photo?: string;
  asset: boolean;
  iou: number;
  f: number;
  confidence: number;
  ms: number;
  sheet?: Buffer[];
}

async function runCase(
  name: string,
  source: Mesh,
  index: number,
  photo: string,
  size: number,
  resolution: number,
  seed: number,
  wantSheet: boolean,
): Promise<CaseResult> {
  const bounds = meshBounds(source);
  const camera = viewCamera('F', bounds);
  const render = await renderScene(sceneFromMesh(source), camera, { width: size, height: size });
  const rgb = composite(render.data, await backdrop(photo, index, size), size, index);
  const jpeg = new Uint8Array(
    await sharp(rgb, { raw: { width: size, height: size, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  if (args.dump) writeFileSync(`${args.dump}/${name}.jpg`, jpeg);
  const started = performance.now();
  let fg: Foreground;
  try {
    fg = await extractForeground(jpeg, { seed, ...(args.fast ? fastForeground : {}) });
  } catch (_error) {
    return { name, asset: false, iou: 0, f: 0, confidence: 0, ms: performance.now() - started };
  }
  const truth = renderSilhouette(source, camera, { width: fg.maskWidth, height: fg.maskHeight }).data;
  const iou = maskIoU(fg, truth);
  if (args.dump)
    await sharp(Buffer.from(fg.mask.map((v) => v * 255)), {
      raw: { width: fg.maskWidth, height: fg.maskHeight, channels: 1 },
    })
      .png()
      .toFile(`${args.dump}/${name}-mask.png`);
  const { mesh } = reconstructShape(buildViews([fg], ['F']), { resolution });
  const ms = performance.now() - started;
  const L = Math.max(...[0, 1, 2].map((k) => bounds.max[k] - bounds.min[k]));
  const f = surfaceScores(placeLikeSource(mesh, source), source, 0.05 * L).fScore;
  let sheet: Buffer[] | undefined;
  if (wantSheet) {
    const tile = 160;
    const photo = await sharp(jpeg).resize(tile, tile).png().toBuffer();
    const maskImage = Buffer.from(fg.mask.map((v) => v * 255));
    const maskTile = await sharp(maskImage, { raw: { width: fg.maskWidth, height: fg.maskHeight, channels: 1 } })
      .resize(tile, tile)
      .png()
      .toBuffer();
    const placed = placeLikeSource(mesh, source);
    const preview = await renderScene(sceneFromMesh(placed), viewCamera('FR', meshBounds(placed)), {
      width: tile,
      height: tile,
      background: [255, 255, 255, 255],
    });
    const previewTile = await sharp(preview.data, { raw: { width: tile, height: tile, channels: 4 } })
      .png()
      .toBuffer();
    sheet = [photo, maskTile, previewTile];
  }
  return { name, asset: true, iou, f, confidence: fg.confidence ?? 1, ms, sheet };
}

async function contactSheet(rows: { name: string; tiles: Buffer[] }[], path: string): Promise<void> {
  const tile = 160,
    gap = 4,
    perRow = 2;
  const columns = 3 * perRow;
  const lines = Math.ceil(rows.length / perRow);
  const width = columns * (tile + gap) + gap * perRow,
    height = lines * (tile + gap) + gap;
  const layers = rows.flatMap((row, i) =>
    row.tiles.map((input, k) => ({
      input,
      left: gap + (i % perRow) * (3 * (tile + gap) + gap) + k * (tile + gap),
      top: gap + Math.floor(i / perRow) * (tile + gap),
    })),
  );
  await sharp({ create: { width, height, channels: 3, background: '#202020' } })
    .composite(layers)
    .png()
    .toFile(path);
}

const fmt = (v: number) => v.toFixed(3);

async function main() {
  if (!existsSync(MESHES))
    throw new Error(
      `psb-dev meshes not found at ${MESHES.pathname}; this bench needs shared/data/psb-dev beside the checkout.`,
    );
  if (!existsSync(PHOTOS)) throw new Error(`photographs not found at ${PHOTOS.pathname}`);
  const photos = readdirSync(PHOTOS)
    .filter((f) => f.endsWith('.jpg'))
    .sort();
  const files = readdirSync(MESHES)
    .filter((f) => f.endsWith('.off'))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  const size = Number(args.size),
    resolution = Number(args.resolution),
    seed = Number(args.seed),
    sheetCount = Number(args.sheet);
  const halves: [string, number][] = [];
  if (args.half !== 'held-out') halves.push(['tune', 0]);
  if (args.half !== 'tune') halves.push(['held-out', 1]);
  console.log(
    `# photo-quality: psb-dev front views over ${photos.length} photographs, pictures ${size}² JPEG, resolution ${resolution}, seed ${seed}`,
  );
  console.log(`command: npx tsx bench/photo-quality.ts ${process.argv.slice(2).join(' ')}`);
  const sheetRows: { name: string; tiles: Buffer[] }[] = [];
  for (const [halfName, parity] of halves) {
    let indices = files.map((_, i) => i).filter((i) => i % 2 === parity);
    if (args.only) indices = indices.filter((i) => args.only!.split(',').includes(files[i].replace('.off', '')));
    if (args.limit) indices = indices.slice(0, Number(args.limit));
    console.log(`\n## ${halfName} half (${indices.length} meshes${args.over ? ` over ${args.over}` : ''})\n`);
    console.log('| mesh | photo | asset | mask IoU | F-score | confidence | ms |');
    console.log('|---|---|---|---|---|---|---|');
    const results: CaseResult[] = [];
    const over = args.over?.split(',').map((p) => `${p}.jpg`);
    for (const photo of over ?? [])
      if (!photos.includes(photo)) throw new Error(`--over: no photograph ${photo} in bench/data/photos`);
    // Each case: the mesh, the photograph and the index that varies defocus and shadow.
    const cases = indices.flatMap((i) =>
      over ? over.map((photo, j) => [i, photo, i + j] as const) : [[i, photos[i % photos.length], i] as const],
    );
    for (const [i, photo, index] of cases) {
      const name = files[i].replace('.off', '');
      const source = parseOff(readFileSync(new URL(files[i], MESHES), 'utf8'));
      const wantSheet = parity === 1 && !over && sheetRows.length < sheetCount;
      const r = await runCase(name, source, index, photo, size, resolution, seed, wantSheet);
      r.photo = photo.replace('.jpg', '');
      results.push(r);
      if (r.sheet) sheetRows.push({ name, tiles: r.sheet });
      console.log(
        `| ${name} | ${r.photo}${defocused(index) ? ' (defocused)' : ''} | ${r.asset ? 'yes' : 'no'} | ${fmt(r.iou)} | ${fmt(r.f)} | ${r.confidence.toFixed(2)} | ${r.ms.toFixed(0)} |`,
      );
    }
    const n = results.length;
    const mean = (pick: (r: CaseResult) => number) => results.reduce((a, r) => a + pick(r), 0) / Math.max(1, n);
    console.log(
      `| **mean (${halfName})** | | **${fmt(mean((r) => (r.asset ? 1 : 0)))}** | **${fmt(mean((r) => r.iou))}** | **${fmt(mean((r) => r.f))}** | ${mean((r) => r.confidence).toFixed(2)} | ${mean((r) => r.ms).toFixed(0)} |`,
    );
    console.log(`\nmean mask IoU (${halfName}) to four places: ${mean((r) => r.iou).toFixed(4)}`);
    // Per photograph: which backgrounds the means hide.
    console.log(`\n| photo (${halfName}) | cases | mean mask IoU | mean F-score | worst IoU |`);
    console.log('|---|---|---|---|---|');
    for (const photo of [...new Set(results.map((r) => r.photo!))].sort()) {
      const group = results.filter((r) => r.photo === photo);
      const avg = (pick: (r: CaseResult) => number) => group.reduce((a, r) => a + pick(r), 0) / group.length;
      console.log(
        `| ${photo} | ${group.length} | ${fmt(avg((r) => r.iou))} | ${fmt(avg((r) => r.f))} | ${fmt(Math.min(...group.map((r) => r.iou)))} |`,
      );
    }
  }
  if (sheetRows.length) {
    const path = new URL('../docs/photo-contact-sheet.png', import.meta.url).pathname;
    await contactSheet(sheetRows, path);
    console.log(`\ncontact sheet (held-out half, photograph → mask → preview): docs/photo-contact-sheet.png`);
  }
}

await main();
