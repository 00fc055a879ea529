/**
 * How the text engine reads nouns no one designed it around: a seeded sample of common concrete nouns
 * from WordNet's own lexicographer files (animals, artifacts, foods, plants), each asked as "a <noun>".
 *
 * Each reading is put in one bucket, judged from WordNet hypernyms only (no hand labels):
 *  - own: the noun has a form of its own (the category, the profile or the made object is the noun);
 *  - family: a stand-in of the right kind — an animal made by an animal family (its body plan), a food
 *    by a food family, a plant by a plant family (or a food family when the plant is also a food), and an artifact by a category one of whose WordNet
 *    anchors is a hypernym of an artifact sense of the noun;
 *  - broad: an artifact whose category is reached only through a broad anchor ("device" → appliance);
 *  - wrong: any other object (an artifact made as a person or an animal, a food made as a tool);
 *  - generic: the sculpted form.
 * The sample is split into a tune half and a check half by the seed; tune only on the first.
 *
 *   npx tsx bench/wordnet-coverage.ts [--per-file 100] [--seed 16] [--list tune|check|all] [--bucket wrong]
 */
import { BROAD_ANCHORS, CATEGORIES, GENERIC_CATEGORY, familyOf } from '../src/engines/generate/text/catalog.ts';
import {
  interpretPrompt,
  madeObject,
  summarizeInterpretation,
  warmLexicon,
} from '../src/engines/generate/text/understand/index.ts';
import {
  LEX_FILE,
  nounLemmas,
  nounSenses,
  readSynset,
  senseKeySynset,
  taggedSenseCount,
} from '../src/engines/generate/text/understand/wordnet.ts';
import { mulberry32 } from '../src/engines/generate/image/photo/random.ts';
import { hypernymClosure } from '../src/engines/generate/text/understand/wordnet.ts';

const FILES: Record<number, string> = {
  [LEX_FILE.animal]: 'noun.animal',
  [LEX_FILE.artifact]: 'noun.artifact',
  [LEX_FILE.food]: 'noun.food',
  [LEX_FILE.plant]: 'noun.plant',
};
type Bucket = 'own' | 'family' | 'broad' | 'wrong' | 'generic';
const BUCKETS: Bucket[] = ['own', 'family', 'broad', 'wrong', 'generic'];

const arg = (name: string, fallback: string) => {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 ? process.argv[k + 1] : fallback;
};
const perFile = Number(arg('per-file', '100'));
const seed = Number(arg('seed', '16'));
const list = arg('list', '');
const listBucket = arg('bucket', '');

/** Common single- or two-word nouns whose most frequent sense (corpus-tagged) is a kind of thing in one of FILES. */
function candidates(): Map<number, string[]> {
  const out = new Map<number, string[]>(Object.keys(FILES).map((f) => [Number(f), []]));
  for (const lemma of nounLemmas()) {
    if (!/^[a-z]+( [a-z]+)?$/.test(lemma) || lemma.length < 3 || taggedSenseCount(lemma) === 0) continue;
    const first = readSynset(nounSenses(lemma)[0]);
    if (first.instance || !out.has(first.lexFile)) continue;
    out.get(first.lexFile)!.push(lemma);
  }
  return out;
}

const offsetOf = senseKeySynset;

const specific = new Map(
  CATEGORIES.map((e) => [e.id, new Set(e.anchors.map(offsetOf).filter((o) => o !== undefined))]),
);
const broad = new Map<string, Set<number>>();
for (const { anchor: a, category: c, exact } of BROAD_ANCHORS) {
  if (exact) continue;
  const o = offsetOf(a);
  if (o !== undefined) (broad.get(c) ?? broad.set(c, new Set()).get(c)!).add(o);
}

/** The hypernyms (and the senses themselves) of the noun's senses filed in `lexFile`. */
function hypernymsIn(lemma: string, lexFile: number): Set<number> {
  return hypernymClosure(
    nounSenses(lemma).filter((o) => readSynset(o).lexFile === lexFile),
    16,
  );
}

/** The catalogue family that is the right kind for a noun of each file (artifacts are judged by anchors). */
const KIND_FAMILY: Record<number, string> = {
  [LEX_FILE.animal]: 'animal',
  [LEX_FILE.food]: 'food',
  [LEX_FILE.plant]: 'plant',
};

function bucketOf(noun: string, lexFile: number): { bucket: Bucket; summary: string } {
  const i = interpretPrompt(`a ${noun}`);
  const summary = summarizeInterpretation(i);
  if (i.via === 'generic' || i.category === GENERIC_CATEGORY)
    return { bucket: 'generic', summary: `${summary}${anchoredIn(hypernymsIn(noun, lexFile), i.category)}` };
  const made = madeObject(i);
  const spaced = (s: string | undefined) => s?.replace(/-/g, ' ');
  if ([spaced(i.category), spaced(i.profile), spaced(made.makes)].includes(noun) && !made.standIn)
    return { bucket: 'own', summary };
  const kind = KIND_FAMILY[lexFile];
  // A plant that is also a food ("corn", "mango") may be made as the food.
  const alsoFood =
    lexFile === LEX_FILE.plant &&
    familyOf(i.category) === 'food' &&
    nounSenses(noun).some((o) => readSynset(o).lexFile === LEX_FILE.food);
  if (kind) return { bucket: familyOf(i.category) === kind || alsoFood ? 'family' : 'wrong', summary };
  const ups = hypernymsIn(noun, lexFile);
  if ([...(specific.get(i.category) ?? [])].some((o) => ups.has(o))) return { bucket: 'family', summary };
  if ([...(broad.get(i.category) ?? [])].some((o) => ups.has(o)))
    return { bucket: 'broad', summary: `${summary}${anchoredIn(ups, i.category)}` };
  return { bucket: 'wrong', summary: `${summary}${anchoredIn(ups, i.category)}` };
}

/** For a wrong reading, the categories whose own anchors the noun is a hyponym of (what a right reading could be). */
function anchoredIn(ups: Set<number>, got: string): string {
  const could = [...specific].filter(([id, os]) => id !== got && [...os].some((o) => ups.has(o))).map(([id]) => id);
  return could.length ? ` [anchored under: ${could.join(', ')}]` : '';
}

warmLexicon();
const start = process.cpuUsage();
const pools = candidates();
const rows: { half: 'tune' | 'check'; file: number; noun: string; bucket: Bucket; summary: string }[] = [];
for (const [file, pool] of pools) {
  // mulberry32, so the sample is the same on every machine.
  const rnd = mulberry32(seed * 1000 + file);
  const shuffled = pool
    .map((n) => [rnd(), n] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, n]) => n)
    .slice(0, perFile);
  shuffled.forEach((noun, k) => {
    rows.push({ half: k % 2 === 0 ? 'tune' : 'check', file, noun, ...bucketOf(noun, file) });
  });
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;
for (const half of ['tune', 'check'] as const) {
  console.log(`\n${half} half`);
  console.log(`| file | n | ${BUCKETS.join(' | ')} | right kind (own+family) |`);
  console.log(`|---|---|${BUCKETS.map(() => '---|').join('')}---|`);
  const all = rows.filter((r) => r.half === half);
  for (const file of [...pools.keys(), -1]) {
    const rs = file < 0 ? all : all.filter((r) => r.file === file);
    const count = (b: Bucket) => rs.filter((r) => r.bucket === b).length;
    console.log(
      `| ${file < 0 ? 'all' : FILES[file]} | ${rs.length} | ${BUCKETS.map((b) => pct(count(b), rs.length)).join(' | ')} | ${pct(count('own') + count('family'), rs.length)} |`,
    );
  }
}
const cpu = process.cpuUsage(start);
console.log(
  `\n${rows.length} nouns (pools: ${[...pools].map(([f, p]) => `${FILES[f]} ${p.length}`).join(', ')}), seed ${seed}; ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU`,
);
if (list) {
  for (const r of rows) {
    if ((list !== 'all' && r.half !== list) || (listBucket && r.bucket !== listBucket)) continue;
    console.log(`${r.half}\t${FILES[r.file]}\t${r.bucket}\t${r.noun}\t${r.summary}`);
  }
}
