/**
 * Top self-time functions of a V8 CPU profile (`node --cpu-prof`), as a Markdown table: what the
 * flame graph's widest leaves are, in a form that fits a review note.
 *
 *   npx tsx bench/support/cpu-profile-summary.ts <file.cpuprofile> [--top 15] [--root src/] [--by file]
 *
 * `--by file` sums self time per source file instead of per function (a stage's modules at a glance).
 * `--root` keeps only functions whose script URL contains it (e.g. `src/geometry`), still as a share of
 * the whole profile.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface SelfTimeRow {
  name: string;
  where: string;
  ms: number;
  share: number;
}

/** Self time per function (summed over every call site), largest first, idle and GC included as V8 names them. */
export function selfTimes(profile: CpuProfile): { rows: SelfTimeRow[]; totalMs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the gap to the next one (the last sample gets the average gap).
    const dt = i + 1 < deltas.length ? deltas[i + 1] : (profile.endTime - profile.startTime) / samples.length;
    selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + Math.max(0, dt));
  }
  const totals = new Map<string, SelfTimeRow>();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    totalUs += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/(src|bench|node_modules)\//, '$1/')}:${lineNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const row = totals.get(key) ?? { name: functionName || '(anonymous)', where, ms: 0, share: 0 };
    row.ms += us / 1000;
    totals.set(key, row);
  }
  const rows = [...totals.values()].sort((a, b) => b.ms - a.ms);
  for (const row of rows) row.share = row.ms / (totalUs / 1000);
  return { rows, totalMs: totalUs / 1000 };
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '15' }, root: { type: 'string' }, by: { type: 'string' } },
  });
  for (const file of positionals) {
    const { rows, totalMs } = selfTimes(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
    const perFile = new Map<string, SelfTimeRow>();
    for (const r of rows) {
      const file = r.where.replace(/:\d+$/, '') || r.name;
      const row = perFile.get(file) ?? { name: file, where: '', ms: 0, share: 0 };
      row.ms += r.ms;
      row.share += r.share;
      perFile.set(file, row);
    }
    const grouped = values.by === 'file' ? [...perFile.values()].sort((a, b) => b.ms - a.ms) : rows;
    const kept = values.root ? grouped.filter((r) => `${r.name} ${r.where}`.includes(values.root!)) : grouped;
    console.log(`\n${file}: ${(totalMs / 1000).toFixed(2)} s sampled`);
    console.log('| self ms | share | function | where |');
    console.log('|---:|---:|---|---|');
    for (const r of kept.slice(0, Number(values.top)))
      console.log(`| ${r.ms.toFixed(0)} | ${(r.share * 100).toFixed(1)} % | ${r.name} | ${r.where} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
