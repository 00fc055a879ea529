/**
 * Geometry operations benchmark: level-set meshing, exact-budget simplification (down and up to a
 * 10M-face high-poly mesh), UV atlas, quad conversion, repair of the PSB dev set, and a 12K bake.
 *
 *   node --import tsx bench/geometry-ops.ts                  every case (a few minutes on 2 cores)
 *   node --import tsx bench/geometry-ops.ts --only grid,bake  some cases (grid simplify highpoly atlas quads repair rebuild bake)
 *
 * Each case runs in its own child process so its peak memory (maxRSS) is its own. Inputs are built in
 * memory: a 256³ signed-distance field of a lumpy blob (the kind of field the engines mesh), its
 * marching-tetrahedra surface, and that surface simplified to 500k faces.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Mesh } from '../src/geometry/mesh.ts';
import { parseOff } from '../src/geometry/import/off.ts';
import {
  bakeTexture,
  generateUvAtlas,
  isWatertight,
  meshFromGrid,
  quadStats,
  repairToSolid,
  simplifyToBudget,
  toQuadDominant,
  voxelRebuild,
} from '../src/geometry/ops/index.ts';

const CASES = ['grid', 'simplify', 'highpoly', 'atlas', 'quads', 'repair', 'rebuild', 'bake'] as const;
type Case = (typeof CASES)[number];
type Row = Record<string, string | number | boolean>;

function blobField(n: number): Float32Array {
  const values = new Float32Array(n * n * n);
  const c = n / 2;
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const body = Math.hypot(x - c, y - c, z - c) - n * 0.3;
        const head = Math.hypot(x - c, y - n * 0.2, z - c) - n * 0.18;
        values[x + n * (y + n * z)] = Math.min(body, head) + n * 0.02 * Math.sin(x * 0.15) * Math.cos(z * 0.11);
      }
  return values;
}

const ms = (start: number): number => Math.round(performance.now() - start);
/** CPU time of this process since `start` (user + system): steadier than wall time on a shared machine. */
const cpu = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return Math.round((used.user + used.system) / 1000);
};

async function surface(n = 256): Promise<Mesh> {
  return meshFromGrid(blobField(n), [n, n, n], [0, 0, 0], 1 / n, 0);
}

async function mesh500k(): Promise<Mesh> {
  return simplifyToBudget(await surface(), 500_000);
}

async function run(which: Case): Promise<Row[]> {
  switch (which) {
    case 'grid': {
      const field = blobField(256);
      const t = performance.now();
      const c = process.cpuUsage();
      const mesh = meshFromGrid(field, [256, 256, 256], [0, 0, 0], 1 / 256, 0);
      return [
        {
          case: 'meshFromGrid 256³',
          ms: ms(t),
          'cpu ms': cpu(c),
          faces: mesh.indices.length / 3,
          watertight: isWatertight(mesh),
        },
      ];
    }
    case 'simplify': {
      const source = await surface();
      const rows: Row[] = [];
      for (const budget of [2_000, 10_000, 50_000, 200_000, 500_000]) {
        const t = performance.now();
        const c = process.cpuUsage();
        const out = await simplifyToBudget(source, budget);
        const faces = out.indices.length / 3;
        rows.push({
          case: `simplify ${source.indices.length / 3} → ${budget}`,
          ms: ms(t),
          'cpu ms': cpu(c),
          faces,
          'off by %': +((100 * (faces - budget)) / budget).toFixed(3),
          watertight: isWatertight(out),
        });
      }
      return rows;
    }
    case 'highpoly': {
      const source = await mesh500k();
      const rows: Row[] = [];
      for (const budget of [5_000_000, 10_000_000]) {
        const t = performance.now();
        const c = process.cpuUsage();
        const out = await simplifyToBudget(source, budget);
        const faces = out.indices.length / 3;
        rows.push({
          case: `subdivide 500000 → ${budget}`,
          ms: ms(t),
          'cpu ms': cpu(c),
          faces,
          'off by %': +((100 * (faces - budget)) / budget).toFixed(3),
          watertight: isWatertight(out),
        });
      }
      return rows;
    }
    case 'atlas': {
      const source = await mesh500k();
      const t = performance.now();
      const c = process.cpuUsage();
      const out = generateUvAtlas(source);
      return [
        {
          case: 'generateUvAtlas 500k faces',
          ms: ms(t),
          'cpu ms': cpu(c),
          faces: out.indices.length / 3,
          vertices: out.positions.length / 3,
        },
      ];
    }
    case 'quads': {
      const source = await mesh500k();
      const t = performance.now();
      const c = process.cpuUsage();
      const out = toQuadDominant(source);
      const stats = quadStats(out);
      return [
        {
          case: 'toQuadDominant 500k faces',
          ms: ms(t),
          'cpu ms': cpu(c),
          quads: stats.quads,
          'paired %': +((200 * stats.quads) / (out.indices.length / 3)).toFixed(1),
        },
      ];
    }
    case 'repair': {
      const dir = fileURLToPath(new URL('../../shared/data/psb-dev/off/', import.meta.url));
      if (!existsSync(dir)) return [{ case: 'repair PSB dev set', note: `no data at ${dir}` }];
      let total = 0,
        cpuTotal = 0,
        faces = 0,
        closed = 0,
        count = 0;
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.off'))) {
        const mesh = parseOff(readFileSync(dir + file));
        const t = performance.now();
        const c = process.cpuUsage();
        const { report } = await repairToSolid(mesh);
        total += performance.now() - t;
        cpuTotal += cpu(c);
        faces += mesh.indices.length / 3;
        closed += report.after.watertight ? 1 : 0;
        count++;
      }
      return [
        {
          case: `repairToSolid, ${count} PSB meshes (${faces} faces)`,
          ms: Math.round(total),
          'cpu ms': cpuTotal,
          closed: `${closed}/${count}`,
        },
      ];
    }
    case 'rebuild': {
      const source = await mesh500k();
      const rows: Row[] = [];
      for (const resolution of [128, 256]) {
        const t = performance.now();
        const c = process.cpuUsage();
        const out = voxelRebuild(source, { resolution });
        rows.push({
          case: `voxelRebuild 500k faces @${resolution}`,
          ms: ms(t),
          'cpu ms': cpu(c),
          faces: out.mesh.indices.length / 3,
          watertight: isWatertight(out.mesh),
        });
      }
      return rows;
    }
    case 'bake': {
      const atlas = generateUvAtlas(await mesh500k());
      const rows: Row[] = [];
      for (const size of [4096, 12288]) {
        const t = performance.now();
        const c = process.cpuUsage();
        const image = bakeTexture(atlas, {
          size,
          channels: 4,
          padding: 8,
          shade(out, position, normal) {
            out[0] = normal[0] * 0.5 + 0.5;
            out[1] = normal[1] * 0.5 + 0.5;
            out[2] = position[1];
            out[3] = 1;
          },
        });
        rows.push({
          case: `bakeTexture ${size}² RGBA, 500k faces, padding 8`,
          ms: ms(t),
          'cpu ms': cpu(c),
          'image MB': Math.round(image.data.length / 2 ** 20),
        });
      }
      return rows;
    }
  }
}

const args = process.argv.slice(2);
const child = args.indexOf('--case');
if (child >= 0) {
  const rows = await run(args[child + 1] as Case);
  const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(JSON.stringify(rows.map((r) => ({ ...r, 'peak RSS MB': maxRssMb }))));
} else {
  const only = args.indexOf('--only') >= 0 ? args[args.indexOf('--only') + 1].split(',') : [...CASES];
  console.log(`node --import tsx bench/geometry-ops.ts${args.length ? ' ' + args.join(' ') : ''}`);
  for (const which of CASES.filter((c) => only.includes(c))) {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--max-old-space-size=8192', fileURLToPath(import.meta.url), '--case', which],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      },
    );
    if (result.status !== 0) {
      console.log(`| ${which} | failed: ${(result.stderr || '').split('\n').slice(-5).join(' ')} |`);
      continue;
    }
    for (const row of JSON.parse(result.stdout) as Row[]) {
      console.log(
        '| ' +
          Object.entries(row)
            .map(([k, v]) => (k === 'case' ? v : `${k} ${v}`))
            .join(' | ') +
          ' |',
      );
    }
  }
}
