/**
 * Retexture and convert (issue 13), engine runs on psb-dev meshes (../shared/data/psb-dev):
 *
 *   npx tsx bench/texture-convert.ts              retexture 150k faces at 2K and 4K; convert 1M → 20k;
 *                                                 front-match of a projected checkerboard on held-out meshes
 *   npx tsx bench/texture-convert.ts --matrix     also 200k → {2k, 20k, 500k} × {glb, usdz, fbx, obj, stl}
 *                                                 (+ Quad obj), each re-imported and counted
 *   npx tsx bench/texture-convert.ts --quick      smaller models, for iterating
 *
 * Times are wall-clock engine runs (import … export and preview) on a shared, loaded machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import validator from 'gltf-validator';
import type { ConvertSpec, OutputFormat, TextureResolution, TextureSpec } from '../src/domain/task-spec.ts';
import { runConvert } from '../src/engines/convert/index.ts';
import { runTexture } from '../src/engines/texture/index.ts';
import { writeGlb } from '../src/geometry/export/index.ts';
import { importModel, parseOff } from '../src/geometry/import/index.ts';
import { meshBounds, sceneFromMesh, type Mesh, type Scene } from '../src/geometry/mesh.ts';
import { flattenScene, subdivideToCount } from '../src/geometry/ops/index.ts';
import { orthographicCamera, renderScene } from '../src/geometry/render/index.ts';

const DATA = new URL('../../shared/data/psb-dev/off/', import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
if (!existsSync(DATA)) throw new Error(`psb-dev not found at ${DATA}`);

const run = <S>(spec: S, inputs: Array<{ field: string; filename: string; bytes: Uint8Array }>) => ({
  taskId: 'bench',
  spec,
  inputs,
  progress: () => {},
  signal: new AbortController().signal,
});
const off = (name: string) => parseOff(readFileSync(`${DATA}${name}.off`));
const glbOf = (mesh: Mesh) => writeGlb(sceneFromMesh(mesh));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const PICTURE = 512,
  SQUARE = 64;
const checker = (x: number, y: number) =>
  (Math.floor(x / SQUARE) + Math.floor(y / SQUARE)) % 2 === 0 ? [220, 40, 40] : [30, 70, 220];
async function checkerPng(): Promise<Uint8Array> {
  const data = Buffer.alloc(PICTURE * PICTURE * 3);
  for (let y = 0; y < PICTURE; y++) for (let x = 0; x < PICTURE; x++) data.set(checker(x, y), (y * PICTURE + x) * 3);
  return new Uint8Array(
    await sharp(data, { raw: { width: PICTURE, height: PICTURE, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

function textureSpec(size: TextureResolution): TextureSpec {
  return {
    kind: 'texture',
    mode: 'custom',
    modelFormat: 'glb',
    imageCount: 1,
    imageLabels: ['F'],
    seed: 0,
    material: 'PBR',
    textureResolution: size,
    geometryFileFormat: 'glb',
  };
}
function convertSpec(extra: Partial<ConvertSpec>): ConvertSpec {
  return {
    kind: 'convert',
    mode: 'custom',
    modelFormat: 'glb',
    geometryFileFormat: 'glb',
    meshMode: 'Raw',
    uv: 'keep',
    pivot: 'keep',
    upAxis: 'Y',
    material: 'PBR',
    ...extra,
  };
}

/** Share of the object's front pixels (unlit render) within colour distance 60 of the picture. */
async function frontMatch(scene: Scene): Promise<number> {
  const b = meshBounds(flattenScene(scene));
  const span = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1]);
  const centre: [number, number, number] = [
    (b.min[0] + b.max[0]) / 2,
    (b.min[1] + b.max[1]) / 2,
    (b.min[2] + b.max[2]) / 2,
  ];
  const camera = orthographicCamera({
    position: [centre[0], centre[1], b.max[2] + span],
    target: centre,
    halfHeight: span / 2,
  });
  const image = await renderScene(scene, camera, { width: PICTURE, height: PICTURE, unlit: true });
  let covered = 0,
    matching = 0;
  for (let y = 0; y < PICTURE; y++)
    for (let x = 0; x < PICTURE; x++) {
      const o = (y * PICTURE + x) * 4;
      if (image.data[o + 3] === 0) continue;
      covered++;
      const [r, g, bl] = checker(x, y);
      if (Math.hypot(image.data[o] - r, image.data[o + 1] - g, image.data[o + 2] - bl) < 60) matching++;
    }
  return matching / Math.max(1, covered);
}

const picture = await checkerPng();

// 1. Retexture time on a 150k-face model at 2K and 4K.
{
  const faces = quick ? 30_000 : 150_000;
  const model = await glbOf(subdivideToCount(off('312'), faces));
  console.log(`\n## Retexture: ${faces} faces (psb-dev 312, split up), one front picture`);
  console.log('| texture | total | import | views | uv | bake | export | preview |\n|---|---|---|---|---|---|---|---|');
  for (const size of [2048, 4096] as const) {
    const started = Date.now();
    const result = await runTexture(
      run(textureSpec(size), [
        { field: 'model', filename: 'm.glb', bytes: model },
        { field: 'image', filename: 'c.png', bytes: picture },
      ]),
    );
    const t = result.notes!.timings as Record<string, number>;
    console.log(
      `| ${size / 1024}K | ${seconds(Date.now() - started)} | ${seconds(t.import)} | ${seconds(t.views)} | ${seconds(t.uv)} | ${seconds(t.bake)} | ${seconds(t.export)} | ${seconds(t.preview)} |`,
    );
  }
}

// 2. Convert 1M → 20k.
{
  const faces = quick ? 200_000 : 1_000_000;
  const model = await glbOf(subdivideToCount(off('312'), faces));
  const started = Date.now();
  const result = await runConvert(
    run(convertSpec({ faceBudget: 20_000 }), [{ field: 'model', filename: 'm.glb', bytes: model }]),
  );
  const t = result.notes!.timings as Record<string, number>;
  const out = flattenScene(await importModel(result.files[0].bytes, { filename: 'o.glb' }));
  console.log(
    `\n## Convert ${faces} → 20000 faces (glb)\n| total | import | faces | export | preview | faces read back |\n|---|---|---|---|---|---|`,
  );
  console.log(
    `| ${seconds(Date.now() - started)} | ${seconds(t.import)} | ${seconds(t.faces)} | ${seconds(t.export)} | ${seconds(t.preview)} | ${out.indices.length / 3} |`,
  );
}

// 3. Checkerboard front-match on meshes the test and the tuning never used (the test uses 1.off).
{
  const heldOut = quick
    ? ['21', '101']
    : ['21', '41', '61', '81', '101', '121', '141', '161', '181', '201'].filter((n) => existsSync(`${DATA}${n}.off`));
  console.log(
    `\n## Checkerboard from the front, 2K, held-out meshes\n| mesh | faces | uvs | front pixels matching |\n|---|---|---|---|`,
  );
  const shares: number[] = [];
  for (const name of heldOut) {
    const mesh = off(name);
    const result = await runTexture(
      run(textureSpec(2048), [
        { field: 'model', filename: 'm.glb', bytes: await glbOf(mesh) },
        { field: 'image', filename: 'c.png', bytes: picture },
      ]),
    );
    const share = await frontMatch(
      await importModel(result.files.find((f) => f.name.endsWith('.glb'))!.bytes, { filename: 'o.glb' }),
    );
    shares.push(share);
    console.log(`| ${name} | ${mesh.indices.length / 3} | ${result.notes!.uvs} | ${(share * 100).toFixed(1)} % |`);
  }
  console.log(
    `| mean | | | ${((shares.reduce((a, b) => a + b, 0) / shares.length) * 100).toFixed(1)} % (min ${(Math.min(...shares) * 100).toFixed(1)} %) |`,
  );
}

// 4. The full format × budget matrix from a 200k-face model.
if (args.has('--matrix')) {
  const model = await glbOf(subdivideToCount(off('312'), quick ? 50_000 : 200_000));
  console.log(
    `\n## Convert 200k → every format × budget\n| format | budget | mode | time | faces read back | check |\n|---|---|---|---|---|---|`,
  );
  const cases: Array<[OutputFormat, number, 'Raw' | 'Quad']> = [];
  for (const format of ['glb', 'usdz', 'fbx', 'obj', 'stl'] as const)
    for (const budget of [2_000, 20_000, 500_000]) cases.push([format, budget, 'Raw']);
  for (const budget of [2_000, 20_000, 500_000]) cases.push(['obj', budget, 'Quad'], ['fbx', budget, 'Quad']);
  for (const [format, budget, meshMode] of cases) {
    const started = Date.now();
    const result = await runConvert(
      run(convertSpec({ faceBudget: budget, geometryFileFormat: format, meshMode }), [
        { field: 'model', filename: 'm.glb', bytes: model },
      ]),
    );
    const ms = Date.now() - started;
    const files = new Map(result.files.map((f) => [f.name, f.bytes]));
    const name = `base_basic_pbr.${format}`;
    const scene = await importModel(files.get(name)!, { filename: name, companions: Object.fromEntries(files) });
    const faces = flattenScene(scene).indices.length / 3;
    let check = faces === budget ? 'exact' : `MISMATCH`;
    if (format === 'glb') {
      const report = (await validator.validateBytes(files.get(name)!, { maxIssues: 5 })) as {
        issues: { numErrors: number };
      };
      check += report.issues.numErrors === 0 ? ', validator clean' : `, ${report.issues.numErrors} validator errors`;
    }
    if (format === 'obj' && meshMode === 'Quad') {
      const lines = new TextDecoder()
        .decode(files.get(name)!)
        .split('\n')
        .filter((l) => l.startsWith('f '));
      const quads = lines.filter((l) => l.trim().split(/\s+/).length === 5).length;
      check += `, ${quads} quads + ${lines.length - quads} triangles`;
    }
    console.log(`| ${format} | ${budget} | ${meshMode} | ${seconds(ms)} | ${faces} | ${check} |`);
  }
}
