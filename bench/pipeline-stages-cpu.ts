/**
 * CPU time of the shared output pipeline's stages outside the bake (issue #31): the UV atlas of the
 * speed bench's PNG reconstruction at Medium (150 000 faces) or in fast mode (20 000) or of the text
 * engine's three speed-bench prompts at Medium (`--mode text`, 150 000 faces each), the high-poly
 * mesh (subdivision to 6M faces, normals) and its GLB export, and the repair of the remote bench
 * model (39.6k faces). Several runs in one process, the first (module loads, JIT) left out of the
 * medians; one thread, so two trees can be compared by CPU time on a loaded machine (run them
 * alternately). Each stage prints a hash of its output, so a change meant only to be faster can be
 * seen to give the same atlas, mesh, file and repaired mesh.
 *
 *   npx tsx bench/pipeline-stages-cpu.ts --stage uv --mode full --runs 8
 *   npx tsx bench/pipeline-stages-cpu.ts --stage uv --mode text --runs 6   # the text engine's three prompts
 *   npx tsx bench/pipeline-stages-cpu.ts --stage highpoly --runs 2 --tree /path/to/other/checkout
 *   npx tsx bench/pipeline-stages-cpu.ts --stage repair --runs 20
 *   npx tsx bench/pipeline-stages-cpu.ts --stage transfer --size 12288 --runs 3   # the remote texture transfer
 *
 * `--stage transfer` bakes the remote bench model's texture onto Kiln's atlas (Medium at 2048, Extreme at
 * 12288: the tier's budget and atlas as the remote finish makes them) on this thread alone, with the
 * map's pixel hash, so two trees' maps can be compared byte for byte.
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { resolveGenerateRequest, type GenerateSpec } from '../src/domain/index.ts';
import { figurePicture } from './support/pictures.ts';

const { values: args } = parseArgs({
  options: {
    tree: { type: 'string', default: new URL('..', import.meta.url).pathname },
    stage: { type: 'string', default: 'uv' },
    mode: { type: 'string', default: 'full' },
    runs: { type: 'string', default: '6' },
    size: { type: 'string', default: '2048' },
  },
});

const tree = args.tree.replace(/\/$/, '');
type Ops = typeof import('../src/geometry/ops/index.ts');
const ops = (await import(`${tree}/src/geometry/ops/index.ts`)) as Ops;

const hashOf = (...arrays: ArrayBufferView[]) => {
  const h = createHash('sha256');
  for (const a of arrays) h.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return h.digest('hex').slice(0, 12);
};
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The budgeted solid the UV stage starts from, as the image engine makes it. */
async function budgetedFigure(fast: boolean) {
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
  const bytes = await figurePicture();
  const fields: Record<string, string> = { tier: 'Gen-2.5-Medium', seed: '7' };
  if (fast) fields.quality_override = '20000';
  const spec = resolveGenerateRequest({
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])),
    files: [{ field: 'images', filename: '0000.png', bytes }],
  }).spec as GenerateSpec;
  const settings = settingsFor(spec);
  const foreground = await extractForeground(bytes, {
    workingSize: settings.workingSize,
    refine: settings.refine,
    seed: spec.seed,
  });
  const { mesh } = reconstructShape(buildViews([foreground], ['F']), { resolution: settings.resolution });
  const budgeted = await ops.simplifyToBudget(applyTransform(mesh, outputTransform(mesh)), spec.faceBudget);
  return { ...budgeted, groups: [{ start: 0, count: budgeted.indices.length / 3, material: 0 }] };
}

/** The text engine's budgeted solids for the speed bench's three prompts at Medium, as its run makes them. */
async function budgetedTexts() {
  const text = `${tree}/src/engines/generate/text`;
  const { interpretPrompt } = (await import(
    `${text}/understand/index.ts`
  )) as typeof import('../src/engines/generate/text/understand/index.ts');
  const { buildAsset, warmGenerators } = (await import(
    `${text}/generators/build.ts`
  )) as typeof import('../src/engines/generate/text/generators/build.ts');
  await warmGenerators();
  const prompts = {
    chair: 'a red wooden chair with four legs',
    lighthouse: 'a tall stone lighthouse',
    dog: 'a cute cartoon dog',
  };
  const meshes: Record<string, import('../src/geometry/mesh.ts').Mesh> = {};
  for (const [k, [name, prompt]] of Object.entries(prompts).entries()) {
    const spec = resolveGenerateRequest({
      fields: { tier: ['Gen-2.5-Medium'], prompt: [prompt], seed: [String(k + 1)] },
      files: [],
    }).spec as GenerateSpec;
    const asset = await buildAsset(interpretPrompt(prompt), {
      seed: spec.seed,
      creative: spec.creative,
      fast: spec.fastMode,
      maxFaces: spec.faceBudget,
    });
    meshes[name] = ops.subdivideToCount(asset.mesh, spec.faceBudget);
  }
  return meshes;
}

async function stageRun(): Promise<() => Promise<Record<string, { ms: number; hash: string }>>> {
  if (args.stage === 'uv' && args.mode === 'text') {
    const meshes = await budgetedTexts();
    return async () => {
      const out: Record<string, { ms: number; hash: string }> = {};
      for (const [name, mesh] of Object.entries(meshes)) {
        const t = cpuMs();
        const atlas = ops.computeNormals(
          ops.generateUvAtlas({ ...mesh, normals: undefined, uvs: undefined }, { textureSize: 2048 }),
        );
        out[`uv-${name}`] = {
          ms: cpuMs() - t,
          hash: hashOf(atlas.positions, atlas.indices, atlas.uvs!, atlas.normals!),
        };
      }
      return out;
    };
  }
  if (args.stage === 'uv') {
    const mesh = await budgetedFigure(args.mode === 'fast');
    return async () => {
      const t = cpuMs();
      const atlas = ops.computeNormals(
        ops.generateUvAtlas({ ...mesh, normals: undefined, uvs: undefined }, { textureSize: 2048 }),
      );
      const ms = cpuMs() - t;
      return { uv: { ms, hash: hashOf(atlas.positions, atlas.indices, atlas.uvs!, atlas.normals!) } };
    };
  }
  if (args.stage === 'highpoly') {
    const { exportScene } = (await import(
      `${tree}/src/engines/output/index.ts`
    )) as typeof import('../src/engines/output/index.ts');
    const { createNode } = (await import(`${tree}/src/geometry/mesh.ts`)) as typeof import('../src/geometry/mesh.ts');
    const atlas = ops.computeNormals(ops.generateUvAtlas(await budgetedFigure(false), { textureSize: 2048 }));
    // A small map: the maps' encodes are the bake owner's and the main export's; here the mesh's part.
    const image = { width: 64, height: 64, channels: 3 as const, data: new Uint8Array(64 * 64 * 3).fill(128) };
    return async () => {
      let t = cpuMs();
      const split = ops.subdivideToCount({ ...atlas, quads: undefined, normals: undefined }, 6_000_000);
      const dense = ops.computeNormals(split);
      const build = cpuMs() - t;
      t = cpuMs();
      const material = {
        name: 'asset',
        baseColor: [1, 1, 1, 1] as [number, number, number, number],
        metallic: 1,
        roughness: 1,
        baseColorTexture: { name: 'diffuse', image },
      };
      const [file] = await exportScene(
        { materials: [material], roots: [createNode('asset_highpoly', dense)] },
        { format: 'glb', material: 'PBR' },
      );
      const written = cpuMs() - t;
      return {
        build: { ms: build, hash: hashOf(dense.positions, dense.indices, dense.uvs!, dense.normals!) },
        export: { ms: written, hash: hashOf(file.bytes) },
      };
    };
  }
  if (args.stage === 'repair') {
    const { fakeModel, importModel } = await remoteModelModules();
    const mesh = ops.flattenScene(await importModel(await fakeModel()));
    return async () => {
      const t = cpuMs();
      const closed = ops.isWatertight(mesh);
      const repaired = (await ops.repairToSolid(mesh)).mesh;
      return { repair: { ms: cpuMs() - t, hash: `${closed} ${hashOf(repaired.positions, repaired.indices)}` } };
    };
  }
  if (args.stage === 'transfer') return transferStage();
  throw new Error(`unknown stage ${args.stage}: uv, highpoly, repair or transfer`);
}

/** The stand-in model server's GLB maker and the importer, from the tree under test. */
async function remoteModelModules() {
  const { fakeModel } = (await import(
    `${tree}/test/engines/remote/fake-hunyuan3d.ts`
  )) as typeof import('../test/engines/remote/fake-hunyuan3d.ts');
  const { importModel } = (await import(
    `${tree}/src/geometry/import/index.ts`
  )) as typeof import('../src/geometry/import/index.ts');
  return { fakeModel, importModel };
}

/**
 * The remote finish up to its bake (placed, repaired when open, budgeted, atlas), then the transfer bake
 * per run on one thread. The placement repeats postprocess.ts's `place` (not exported).
 */
async function transferStage() {
  const size = Number(args.size);
  const fields =
    size > 2048
      ? { tier: 'Gen-2.5-Extreme-High', texture_mode: 'extreme-high', addons: 'HighPack' }
      : { tier: 'Gen-2.5-Medium' };
  const { fakeModel, importModel } = await remoteModelModules();
  const { textureImage } = (await import(
    `${tree}/src/geometry/texture.ts`
  )) as typeof import('../src/geometry/texture.ts');
  const { transferBaseColour } = (await import(
    `${tree}/src/engines/remote/texture-transfer.ts`
  )) as typeof import('../src/engines/remote/texture-transfer.ts');
  const spec = resolveGenerateRequest({
    fields: Object.fromEntries(Object.entries({ prompt: 'x', seed: '7', ...fields }).map(([k, v]) => [k, [v]])),
    files: [],
  }).spec as GenerateSpec;
  if (spec.textureResolution !== size) throw new Error(`no bench tier bakes at ${size} (${spec.textureResolution})`);
  const scene = await importModel(await fakeModel(), { format: 'glb', filename: 'remote.glb' });
  const { meshBounds } = (await import(`${tree}/src/geometry/mesh.ts`)) as typeof import('../src/geometry/mesh.ts');
  const raw = ops.flattenScene(scene);
  const { min, max } = meshBounds(raw);
  const scale = 1 / Math.max(...[0, 1, 2].map((k) => Math.max(1e-9, max[k] - min[k])));
  const positions = new Float32Array(raw.positions.length);
  for (let i = 0; i < positions.length; i++) positions[i] = (raw.positions[i] - (min[i % 3] + max[i % 3]) / 2) * scale;
  const source = { ...raw, positions, normals: undefined };
  const solid = ops.isWatertight(source) ? source : (await ops.repairToSolid(source)).mesh;
  const budgeted = await ops.simplifyToBudget(solid, spec.faceBudget);
  const atlas = ops.computeNormals(
    ops.generateUvAtlas({ ...budgeted, normals: undefined, uvs: undefined }, { textureSize: size }),
  ) as import('../src/engines/generate/shared/output.ts').UvMesh;
  const images: (import('../src/geometry/mesh.ts').RasterImage | undefined)[] = [];
  for (const m of scene.materials) images.push(m.baseColorTexture ? await textureImage(m.baseColorTexture) : undefined);
  const materialOf = new Uint32Array(source.indices.length / 3);
  for (const g of source.groups) materialOf.fill(g.material, g.start, g.start + g.count);
  console.error(`atlas: ${atlas.indices.length / 3} faces, budget ${spec.faceBudget}, ${size}²`);
  return async () => {
    const t = cpuMs();
    const map = await transferBaseColour(atlas, size, source, scene.materials, { images, materialOf }, { threads: 1 });
    return { transfer: { ms: cpuMs() - t, hash: hashOf(map.data) } };
  };
}

const run = await stageRun();
const times: Record<string, number[]> = {};
const hashes: Record<string, Set<string>> = {};
for (let r = 0; r < Number(args.runs); r++) {
  for (const [name, { ms, hash }] of Object.entries(await run())) {
    (times[name] ??= []).push(Math.round(ms));
    (hashes[name] ??= new Set()).add(hash);
  }
}
const warmMedian = (xs: number[]) => {
  const warm = (xs.length > 1 ? xs.slice(1) : xs).sort((a, b) => a - b);
  return warm[Math.floor(warm.length / 2)];
};
console.log(
  JSON.stringify({
    tree,
    stage: args.stage,
    mode: args.mode,
    cpuMedianMs: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, warmMedian(v)])),
    cpuMs: times,
    outputs: Object.fromEntries(Object.entries(hashes).map(([k, v]) => [k, [...v]])),
    load: loadavg().map((l) => Number(l.toFixed(1))),
  }),
);
