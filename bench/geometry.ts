/**
 * Geometry benchmark: import and export of a 1M-face mesh per format, a 12K texture bake, a 10M-face GLB.
 *
 *   npx tsx bench/geometry.ts                     everything (several minutes on 2 cores)
 *   npx tsx bench/geometry.ts --only glb,obj      some cases (glb gltf obj stl fbx usdz usda usdc bake glb10m)
 *   npx tsx bench/geometry.ts --faces 200000      a smaller mesh for the per-format cases
 *
 * Each case runs in its own child process so its peak memory (process.resourceUsage().maxRSS) is its own.
 * The mesh is a UV sphere (positions, normals, UVs, one material) built in memory; export goes through
 * src/geometry/export's writers, import through importModel, so each row is a full round trip.
 * usdc has no exporter: its row imports a crate written by the tests' fixture writer (untimed).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NodeIO } from '@gltf-transform/core';
import { importModel } from '../src/geometry/import/index.ts';
import { writeGlb } from '../src/geometry/export/glb.ts';
import { writeObj } from '../src/geometry/export/obj.ts';
import { writeStl } from '../src/geometry/export/stl.ts';
import { writeFbx } from '../src/geometry/export/fbx/index.ts';
import { writeUsdz } from '../src/geometry/export/usdz/index.ts';
import { readUsdzEntries } from '../src/geometry/import/usdz-archive.ts';
import { bakeTexture } from '../src/geometry/ops/index.ts';
import type { Mesh, Scene } from '../src/geometry/mesh.ts';
import { writeCrate } from '../test/geometry/import/usdc-writer.ts';

const CASES = ['glb', 'gltf', 'obj', 'stl', 'fbx', 'usdz', 'usda', 'usdc', 'bake', 'glb10m'] as const;
type Case = (typeof CASES)[number];
interface Result {
  case: Case;
  faces: number;
  exportMs?: number;
  importMs?: number;
  bytes?: number;
  importedFaces?: number;
  ms?: number;
  maxRssMb: number;
  note?: string;
}

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

/** A UV sphere of exactly 2 · rows · cols triangles, with normals and glTF UVs. */
export function uvSphere(faces: number): Mesh {
  const rows = Math.max(2, Math.round(Math.sqrt(faces / 4)));
  const cols = Math.max(3, Math.round(faces / (2 * rows)));
  const positions = new Float32Array((rows + 1) * (cols + 1) * 3);
  const normals = new Float32Array(positions.length);
  const uvs = new Float32Array((rows + 1) * (cols + 1) * 2);
  for (let r = 0; r <= rows; r++) {
    const theta = (r / rows) * Math.PI;
    for (let c = 0; c <= cols; c++) {
      const phi = (c / cols) * 2 * Math.PI;
      const v = r * (cols + 1) + c;
      const x = Math.sin(theta) * Math.cos(phi);
      const y = Math.cos(theta);
      const z = -Math.sin(theta) * Math.sin(phi);
      positions.set([x, y, z], v * 3);
      normals.set([x, y, z], v * 3);
      uvs.set([c / cols, r / rows], v * 2);
    }
  }
  const indices = new Uint32Array(rows * cols * 6);
  let o = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = r * (cols + 1) + c;
      const b = a + cols + 1;
      indices.set([a, b, a + 1, a + 1, b, b + 1], o);
      o += 6;
    }
  }
  return { positions, normals, uvs, indices, groups: [{ start: 0, count: indices.length / 3, material: 0 }] };
}

function sceneOf(mesh: Mesh): Scene {
  return {
    materials: [{ name: 'clay', baseColor: [0.6, 0.5, 0.4, 1], metallic: 0, roughness: 0.7 }],
    roots: [{ name: 'part_01', translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1], mesh, children: [] }],
  };
}

function countFaces(scene: Scene): number {
  let n = 0;
  const visit = (node: Scene['roots'][number]): void => {
    n += (node.mesh?.indices.length ?? 0) / 3;
    node.children.forEach(visit);
  };
  scene.roots.forEach(visit);
  return n;
}

async function timed<T>(work: () => Promise<T> | T): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

const file = (files: { name: string; bytes: Uint8Array }[], ext: string): Uint8Array =>
  files.find((f) => f.name.endsWith(ext))!.bytes;

/** One case, in this process. */
async function runCase(name: Case, faces: number): Promise<Result> {
  const mb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);
  if (name === 'bake') {
    const mesh = uvSphere(faces);
    const [, ms] = await timed(() =>
      bakeTexture(mesh, {
        size: 12288,
        padding: 4,
        shade: (out, _p, n) => {
          out[0] = n[0] * 0.5 + 0.5;
          out[1] = n[1] * 0.5 + 0.5;
          out[2] = n[2] * 0.5 + 0.5;
          out[3] = 1;
        },
      }),
    );
    return { case: name, faces, ms, maxRssMb: mb(), note: '12288² RGBA' };
  }
  if (name === 'glb10m') {
    const scene = sceneOf(uvSphere(10_000_000));
    const [bytes, ms] = await timed(() => writeGlb(scene));
    return { case: name, faces: countFaces(scene), ms, bytes: bytes.length, maxRssMb: mb() };
  }
  const scene = sceneOf(uvSphere(faces));
  let exported: Uint8Array;
  let exportMs: number | undefined;
  let companions: Record<string, Uint8Array> | undefined;
  let note: string | undefined;
  switch (name) {
    case 'glb':
      [exported, exportMs] = await timed(() => writeGlb(scene));
      break;
    case 'gltf': {
      [exported, exportMs] = await timed(() => writeGlb(scene));
      // No gltf writer (Kiln exports glb): the glb is converted to a data-URI .gltf, untimed.
      const io = new NodeIO();
      const { json, resources } = await io.binaryToJSON(exported);
      for (const b of json.buffers ?? []) {
        const key = b.uri ?? Object.keys(resources)[0];
        b.uri = `data:application/octet-stream;base64,${Buffer.from(resources[key]).toString('base64')}`;
      }
      exported = new TextEncoder().encode(JSON.stringify(json));
      note = 'export = glb writer';
      break;
    }
    case 'obj': {
      const [files, ms] = await timed(() => writeObj(scene));
      exportMs = ms;
      exported = file(files, '.obj');
      companions = Object.fromEntries(files.map((f) => [f.name, f.bytes]));
      break;
    }
    case 'stl':
      [exported, exportMs] = await timed(() => writeStl(scene));
      break;
    case 'fbx': {
      const [files, ms] = await timed(() => writeFbx(scene));
      exportMs = ms;
      exported = file(files, '.fbx');
      break;
    }
    case 'usdc': {
      const mesh = scene.roots[0].mesh!;
      exported = writeCrate([
        {
          path: '/part_01',
          typeName: 'Mesh',
          attributes: {
            points: { typeName: 'point3f[]', value: { kind: 'vec3f[]', value: mesh.positions } },
            faceVertexCounts: {
              typeName: 'int[]',
              value: { kind: 'ints', value: new Int32Array(mesh.indices.length / 3).fill(3) },
            },
            faceVertexIndices: { typeName: 'int[]', value: { kind: 'ints', value: mesh.indices } },
          },
        },
      ]);
      note = 'import only: no usdc exporter; file from the test crate writer';
      break;
    }
    case 'usdz':
    case 'usda': {
      [exported, exportMs] = await timed(() => writeUsdz(scene));
      if (name === 'usda') {
        exported = readUsdzEntries(exported)[0].bytes;
        note = 'export = usdz writer; import of its layer';
      }
      break;
    }
  }
  const [imported, importMs] = await timed(() => importModel(exported, { companions }));
  return {
    case: name,
    faces: countFaces(scene),
    exportMs,
    importMs,
    bytes: exported.length,
    importedFaces: countFaces(imported),
    maxRssMb: mb(),
    note,
  };
}

const self = fileURLToPath(import.meta.url);
const caseArg = arg('--case') as Case | undefined;
const faces = Number(arg('--faces') ?? 1_000_000);
const isMain = process.argv[1] !== undefined && fileURLToPath(pathToFileURL(process.argv[1])) === self;
if (!isMain) {
  // Imported for uvSphere: run nothing.
} else if (caseArg) {
  process.stdout.write(
    `${JSON.stringify(await runCase(caseArg, caseArg === 'bake' ? Number(arg('--bake-faces') ?? faces) : faces))}\n`,
  );
} else {
  const only = arg('--only')?.split(',') ?? [...CASES];
  const rows: string[] = [];
  const fmt = (v?: number): string => (v === undefined ? '' : v >= 100 ? v.toFixed(0) : v.toFixed(1));
  console.log(`command: npx tsx bench/geometry.ts ${args.join(' ')}`.trim());
  console.log(`node ${process.version}, ${(await import('node:os')).cpus().length} cpus\n`);
  const header = '| case | faces | export ms | import ms | file MB | faces back | other ms | peak RSS MB | note |';
  console.log(header);
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const name of CASES.filter((c) => only.includes(c))) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', self, '--case', name, '--faces', String(faces)], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
      timeout: 20 * 60 * 1000,
    });
    const line = child.stdout.trim().split('\n').pop() ?? '';
    let row: string;
    try {
      const r = JSON.parse(line) as Result;
      row = `| ${r.case} | ${r.faces} | ${fmt(r.exportMs)} | ${fmt(r.importMs)} | ${r.bytes ? (r.bytes / 1e6).toFixed(1) : ''} | ${r.importedFaces ?? ''} | ${fmt(r.ms)} | ${r.maxRssMb} | ${r.note ?? ''} |`;
    } catch {
      const why = (child.stderr || child.error?.message || `exit ${child.status}`)
        .trim()
        .split('\n')
        .slice(-3)
        .join(' ');
      row = `| ${name} | ${faces} | failed | | | | | | ${why.slice(0, 200)} |`;
    }
    rows.push(row);
    console.log(row);
  }
}
