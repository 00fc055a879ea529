/** The psb-dev data set (../shared/data/psb-dev) and the Rand Index error the 2009 benchmark scores with. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** Beside the repository (../shared/data/psb-dev); KILN_PSB_DEV names it elsewhere (a git worktree deeper down). */
export const DATA = process.env.KILN_PSB_DEV
  ? process.env.KILN_PSB_DEV.replace(/\/?$/, '/')
  : new URL('../../../shared/data/psb-dev/', import.meta.url).pathname;

const CATEGORIES = [
  'human',
  'cup',
  'glasses',
  'airplane',
  'ant',
  'chair',
  'octopus',
  'table',
  'teddy',
  'hand',
  'plier',
  'fish',
  'bird',
  '(none)',
  'armadillo',
  'bust',
  'mech',
  'bearing',
  'vase',
  'four-legged',
];

export function categoryOf(id: number): string {
  return CATEGORIES[Math.floor((id - 1) / 20)];
}

/** "old" = models 1, 11, 21, … (the original development set); "new" = models 2, 12, 22, … */
export function halfOf(id: number): 'old' | 'new' {
  return id % 10 === 1 ? 'old' : 'new';
}

export function psbAvailable(): boolean {
  return existsSync(DATA);
}

/** Reference part count per model id, in file order. */
export function partCounts(): Map<number, number> {
  const lines = readFileSync(DATA + 'part-counts.txt', 'utf8')
    .trim()
    .split('\n');
  return new Map(lines.map((l) => l.split(/\s+/).map(Number) as [number, number]));
}

export function humanSegmentations(id: number): Int32Array[] {
  const dir = `${DATA}seg/${id}/`;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.seg'))
    .sort()
    .map((f) =>
      Int32Array.from(
        readFileSync(dir + f, 'utf8')
          .trim()
          .split(/\s+/)
          .map(Number),
      ),
    );
}

/** 1 − Rand Index of two labelings of the same faces. */
export function randIndexError(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  const joint = new Map<number, number>();
  const ca = new Map<number, number>();
  const cb = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const key = a[i] * 1048576 + b[i];
    joint.set(key, (joint.get(key) ?? 0) + 1);
    ca.set(a[i], (ca.get(a[i]) ?? 0) + 1);
    cb.set(b[i], (cb.get(b[i]) ?? 0) + 1);
  }
  const pairs = (m: Map<number, number>) => {
    let s = 0;
    for (const c of m.values()) s += (c * (c - 1)) / 2;
    return s;
  };
  const total = (n * (n - 1)) / 2;
  return (pairs(ca) + pairs(cb) - 2 * pairs(joint)) / total;
}

/** Mean Rand Index error of `labels` against every human segmentation of mesh `id`. */
export function scoreAgainstHumans(id: number, labels: ArrayLike<number>): number {
  const humans = humanSegmentations(id);
  return humans.reduce((s, h) => s + randIndexError(labels, h), 0) / humans.length;
}
