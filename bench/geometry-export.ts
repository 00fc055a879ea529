/**
 * Export benchmark (src/geometry/export): what a task's final step costs.
 *
 *   npx tsx bench/geometry-export.ts                 everything (a few minutes on 2 cores)
 *   npx tsx bench/geometry-export.ts --only scene    1M-face textured quad mesh, exportScene per format (PBR)
 *   npx tsx bench/geometry-export.ts --only shaded   the Shaded bake at 2K and 4K through exportScene (glb)
 *   npx tsx bench/geometry-export.ts --only psb      every psb-dev mesh to all five formats
 *   npx tsx bench/geometry-export.ts --only big      10M faces to fbx, obj, usdz (each in a child process
 *                                                    so its peak RSS is its own; not part of the default run)
 *
 * Per-format 1M-face round trips and the 10M-face GLB are in bench/geometry.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OUTPUT_FORMATS } from '../src/domain/task-spec.ts';
import { scenePartsFromMeshes, writeFbx, writeObj, writeUsdz } from '../src/geometry/export/index.ts';
import { exportScene, partName } from '../src/engines/output/index.ts';
import { parseOff } from '../src/geometry/import/off.ts';
import type { Material, Mesh, RasterImage, Scene } from '../src/geometry/mesh.ts';
import { createNode } from '../src/geometry/mesh.ts';
import { computeNormals } from '../src/geometry/ops/index.ts';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : ['scene', 'shaded', 'psb'];

/** A wavy height field of `quads` marked quads (2 triangles each), with normals and UVs. */
function quadGrid(quads: number): Mesh {
  const cols = Math.round(Math.sqrt(quads));
  const rows = Math.round(quads / cols);
  const vertices = (rows + 1) * (cols + 1);
  const positions = new Float32Array(vertices * 3);
  const uvs = new Float32Array(vertices * 2);
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= cols; c++) {
      const v = r * (cols + 1) + c;
      const x = c / cols - 0.5,
        z = r / rows - 0.5;
      positions[v * 3] = x;
      positions[v * 3 + 1] = 0.05 * Math.sin(x * 40) * Math.cos(z * 30);
      positions[v * 3 + 2] = z;
      uvs[v * 2] = c / cols;
      uvs[v * 2 + 1] = r / rows;
    }
  }
  const indices = new Uint32Array(rows * cols * 6);
  const marks = new Uint8Array(rows * cols * 2);
  let t = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = r * (cols + 1) + c,
        b = a + cols + 1,
        cc = b + 1,
        d = a + 1;
      indices.set([a, b, cc, a, cc, d], t * 3);
      marks[t] = 1;
      t += 2;
    }
  }
  const mesh: Mesh = { positions, indices, uvs, groups: [{ start: 0, count: t, material: 0 }], quads: marks };
  return computeNormals(mesh);
}

function noise(size: number, channels: 3 | 4, seed: number): RasterImage {
  const data = new Uint8Array(size * size * channels);
  let s = seed;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = 64 + ((s >>> 16) & 127);
  }
  return { width: size, height: size, channels, data };
}

function material(size: number): Material {
  return {
    name: 'bench',
    baseColor: [1, 1, 1, 1],
    metallic: 1,
    roughness: 1,
    baseColorTexture: { name: 'albedo', image: noise(size, 3, 1) },
    metallicRoughnessTexture: { name: 'mr', image: noise(size, 3, 2) },
    normalTexture: { name: 'normal', image: noise(size, 3, 3) },
  };
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, Math.round(performance.now() - started)];
}

const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const mb = (files: { bytes: Uint8Array }[]) => (files.reduce((s, f) => s + f.bytes.length, 0) / 1e6).toFixed(1);

const child = args.includes('--child') ? args[args.indexOf('--child') + 1] : undefined;
if (child) {
  // One 10M-face write in this process; prints a table row.
  const scene: Scene = { materials: [], roots: [createNode('dense', quadGrid(5_000_000))] };
  const rssBefore = rssMb();
  const [bytes, ms] = await timed(async () =>
    child === 'fbx'
      ? (await writeFbx(scene))[0].bytes
      : child === 'obj'
        ? (await writeObj(scene))[0].bytes
        : await writeUsdz(scene),
  );
  console.log(`| ${child} | ${ms} | ${(bytes.length / 1e6).toFixed(0)} | ${rssBefore} | ${rssMb()} |`);
  process.exit(0);
}

console.log(`command: npx tsx bench/geometry-export.ts${args.length ? ' ' + args.join(' ') : ''}`);
console.log(`node ${process.version}, 2 cpus shared\n`);

if (only.includes('scene')) {
  const mesh = quadGrid(500_000);
  const scene: Scene = { materials: [material(2048)], roots: [createNode('grid', mesh)] };
  console.log('| exportScene, 1M faces (500k quads), 2K maps, PBR | ms | files | MB |');
  console.log('|---|---|---|---|');
  for (const format of OUTPUT_FORMATS) {
    // Encoded maps are cached on the textures after the first format; the first row pays the PNG encodes.
    const [files, ms] = await timed(() => exportScene(scene, { format, material: 'PBR' }));
    console.log(`| ${format} | ${ms} | ${files.length} | ${mb(files)} |`);
  }
  console.log(`\npeak RSS so far: ${rssMb()} MB\n`);
}

if (only.includes('shaded')) {
  console.log('| Shaded variant (glb), 1M faces | ms | MB |');
  console.log('|---|---|---|');
  const mesh = quadGrid(500_000);
  for (const size of [2048, 4096]) {
    const scene: Scene = { materials: [material(size)], roots: [createNode('grid', mesh)] };
    const [files, ms] = await timed(() => exportScene(scene, { format: 'glb', material: 'Shaded' }));
    console.log(`| bake ${size}² + write | ${ms} | ${mb(files)} |`);
  }
  console.log(`\npeak RSS so far: ${rssMb()} MB\n`);
}

if (only.includes('big')) {
  console.log('| 10M faces (5M marked quads), geometry only | ms | file MB | RSS with mesh MB | peak RSS MB |');
  console.log('|---|---|---|---|---|');
  for (const format of ['fbx', 'obj', 'usdz']) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', format], {
      encoding: 'utf8',
    });
    process.stdout.write(
      run.stdout
        .split('\n')
        .filter((l) => l.startsWith('|'))
        .join('\n') + '\n',
    );
  }
  console.log('');
}

if (only.includes('psb')) {
  const dir = fileURLToPath(new URL('../../shared/data/psb-dev/off', import.meta.url));
  if (!existsSync(dir)) console.log('psb: ../shared/data/psb-dev not found, skipped');
  else {
    const scenes: Scene[] = [];
    let faces = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.off'))) {
      const mesh = computeNormals(parseOff(readFileSync(`${dir}/${file}`)));
      faces += mesh.indices.length / 3;
      scenes.push(
        scenePartsFromMeshes(
          [mesh],
          [{ name: 'clay', baseColor: [0.8, 0.8, 0.8, 1], metallic: 0, roughness: 0.6 }],
          partName,
        ),
      );
    }
    console.log(`| psb-dev: ${scenes.length} meshes, ${faces} faces in all, PBR (solid maps) | ms | MB |`);
    console.log('|---|---|---|');
    for (const format of OUTPUT_FORMATS) {
      let total = 0;
      const [, ms] = await timed(async () => {
        for (const scene of scenes) {
          const files = await exportScene(scene, { format, material: 'PBR' });
          total += files.reduce((s, f) => s + f.bytes.length, 0);
        }
      });
      console.log(`| ${format} | ${ms} | ${(total / 1e6).toFixed(1)} |`);
    }
  }
  console.log(`\npeak RSS: ${rssMb()} MB`);
}
