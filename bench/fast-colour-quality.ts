/**
 * What fast mode's half-size colour bake costs in texture detail (issue #31): on the fast-mode atlas of
 * each picture, the base colour baked at the full tabled size (2048²) against the same map baked at half
 * that size and resampled to it (image/texture-bake.ts `halfSize`, what fast mode hands back). Both on
 * one thread, same mesh, views and atlas: only the bake size differs.
 *
 * Measured over the texels the charts cover at full size (the gutter between charts is padding):
 * PSNR of the RGB bytes, and SSIM of the luma (Rec. 601) over 8×8 windows at a stride of 4 whose texels
 * are all covered (the usual constants, k1 = 0.01, k2 = 0.03, flat windows). Pictures: the speed bench's
 * drawn figure and jug photograph, and a worst case with fine detail everywhere (a disc cut from the
 * gravel photograph, bench/data/photos, on a plain backdrop).
 *
 *   npx tsx bench/fast-colour-quality.ts
 */
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { resolveGenerateRequest, type GenerateSpec } from '../src/domain/index.ts';
import { extractForeground } from '../src/engines/generate/image/foreground.ts';
import { applyTransform, outputTransform } from '../src/engines/generate/image/index.ts';
import { estimateFinish } from '../src/engines/generate/image/materials.ts';
import { settingsFor } from '../src/engines/generate/image/settings.ts';
import { reconstructShape } from '../src/engines/generate/image/shape.ts';
import { bakeImageMaps } from '../src/engines/generate/image/texture-bake.ts';
import { buildViews } from '../src/engines/generate/image/views.ts';
import type { UvMesh } from '../src/engines/generate/shared/output.ts';
import { bakeTexture, computeNormals, generateUvAtlas, simplifyToBudget } from '../src/geometry/ops/index.ts';
import { figurePicture, jugPhotograph } from './support/pictures.ts';

/** A 1024² PNG: a disc of the gravel photograph (detail at every scale) on a plain light backdrop. */
async function gravelDisc(): Promise<Uint8Array> {
  const gravel = new URL('./data/photos/gravel.jpg', import.meta.url).pathname;
  const disc = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="700" height="700"><circle cx="350" cy="350" r="340" fill="#fff"/></svg>',
  );
  const cut = await sharp(gravel)
    .resize(700, 700, { fit: 'cover' })
    .ensureAlpha()
    .composite([{ input: disc, blend: 'dest-in' }])
    .png()
    .toBuffer();
  const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#efeee8' } })
    .composite([{ input: cut, left: 162, top: 162 }])
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

function psnr(a: Uint8Array, b: Uint8Array, covered: Uint8Array): number {
  let sum = 0,
    n = 0;
  for (let t = 0; t < covered.length; t++) {
    if (!covered[t]) continue;
    for (let k = 0; k < 3; k++) {
      const d = a[t * 3 + k] - b[t * 3 + k];
      sum += d * d;
    }
    n += 3;
  }
  return sum === 0 ? Infinity : 10 * Math.log10((255 * 255) / (sum / n));
}

function ssim(a: Uint8Array, b: Uint8Array, covered: Uint8Array, size: number): { mean: number; windows: number } {
  const luma = (rgb: Uint8Array) => {
    const y = new Float64Array(size * size);
    for (let t = 0; t < y.length; t++) y[t] = 0.299 * rgb[t * 3] + 0.587 * rgb[t * 3 + 1] + 0.114 * rgb[t * 3 + 2];
    return y;
  };
  const ya = luma(a),
    yb = luma(b);
  const c1 = (0.01 * 255) ** 2,
    c2 = (0.03 * 255) ** 2;
  let total = 0,
    windows = 0;
  for (let y0 = 0; y0 + 8 <= size; y0 += 4)
    next: for (let x0 = 0; x0 + 8 <= size; x0 += 4) {
      let ma = 0,
        mb = 0;
      for (let y = y0; y < y0 + 8; y++)
        for (let x = x0; x < x0 + 8; x++) {
          const t = y * size + x;
          if (!covered[t]) continue next;
          ma += ya[t];
          mb += yb[t];
        }
      ma /= 64;
      mb /= 64;
      let va = 0,
        vb = 0,
        cov = 0;
      for (let y = y0; y < y0 + 8; y++)
        for (let x = x0; x < x0 + 8; x++) {
          const t = y * size + x;
          va += (ya[t] - ma) ** 2;
          vb += (yb[t] - mb) ** 2;
          cov += (ya[t] - ma) * (yb[t] - mb);
        }
      va /= 63;
      vb /= 63;
      cov /= 63;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows++;
    }
  return { mean: total / windows, windows };
}

const pictures: Record<string, () => Promise<Uint8Array>> = {
  'drawn figure (PNG)': figurePicture,
  'jug photograph': jugPhotograph,
  'gravel disc (worst case)': gravelDisc,
};

console.log(
  `# fast mode: half-size colour bake resampled to 2048² against the 2048² bake (load ${loadavg()[0].toFixed(1)})`,
);
console.log('| picture | covered texels | PSNR (dB) | SSIM (luma, 8×8) | full bake CPU ms | half bake CPU ms |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, make] of Object.entries(pictures)) {
  const bytes = await make();
  const spec = resolveGenerateRequest({
    fields: { tier: ['Gen-2.5-Medium'], quality_override: ['20000'], seed: ['7'] },
    files: [{ field: 'images', filename: 'picture.png', bytes }],
  }).spec as GenerateSpec;
  if (!spec.fastMode) throw new Error('the request should be in fast mode');
  const settings = settingsFor(spec);
  const foreground = await extractForeground(bytes, {
    workingSize: settings.workingSize,
    refine: settings.refine,
    seed: spec.seed,
  });
  const views = buildViews([foreground], ['F']);
  const { mesh, field } = reconstructShape(views, { resolution: settings.resolution });
  const transform = outputTransform(mesh);
  const budgeted = await simplifyToBudget(applyTransform(mesh, transform), spec.faceBudget);
  const size = spec.textureResolution;
  const atlas = computeNormals(
    generateUvAtlas({ ...budgeted, normals: undefined, uvs: undefined }, { textureSize: size }),
  ) as UvMesh;
  const finish = estimateFinish(foreground);
  const bake = async (halfSize: boolean) => {
    const t = process.cpuUsage();
    const maps = await bakeImageMaps(atlas, size, {
      views,
      field,
      transform,
      metallic: finish.metallic,
      roughness: finish.roughness,
      normalMap: false,
      halfSize,
    });
    const u = process.cpuUsage(t);
    return { image: maps.baseColor, cpuMs: Math.round((u.user + u.system) / 1000) };
  };
  const full = await bake(false);
  const half = await bake(true);
  const covered = bakeTexture(atlas, { size, channels: 1, padding: 0, shade: (out) => (out[0] = 1) }).data;
  let count = 0;
  for (const c of covered) count += c ? 1 : 0;
  const s = ssim(full.image.data, half.image.data, covered, size);
  console.log(
    `| ${name} | ${count} | ${psnr(full.image.data, half.image.data, covered).toFixed(2)} | ${s.mean.toFixed(4)} (${s.windows} windows) | ${full.cpuMs} | ${half.cpuMs} |`,
  );
}
