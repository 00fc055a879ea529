/**
 * The object categories the text engine can build, read from the data files in ./catalog/ (one row per
 * category: its words, the WordNet synsets that stand for it, its profiles), checked against
 * ./catalog-schema.ts at load. Any hyponym a hypernym walk finds ("poodle" → dog, "mansion" → house)
 * lands on a category through its anchors; family anchors are the last resort of the walk (a generic
 * "mammal" still becomes a four-legged animal), broad anchors (./catalog/broad.yaml) the very last.
 */
import { readFileSync } from 'node:fs';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import {
  BROAD_ANCHOR_ROW,
  type BroadAnchorRow,
  CATEGORY_ROW,
  type CategoryEntry,
  type CategoryRow,
  type Family,
  SHARED_WORD_ROW,
  type SharedWordRow,
} from './catalog-schema.ts';
import { senseKeySynset } from './understand/wordnet.ts';

export type { CategoryEntry, Family } from './catalog-schema.ts';

/**
 * The category files, in the order their rows are read: a phrase several categories list means the
 * first one's when WordNet says nothing, and an anchor two categories name places under the first.
 */
export const CATEGORY_FILES = ['core.yaml', 'families.yaml', 'made.yaml', 'play.yaml'] as const;

export interface CatalogFile<Row> {
  name: string;
  rows: Row[];
  /** Line of each row in its file, for messages. */
  lines: number[];
}

/** Reads one data file of ./catalog/ and checks every row against the schema; errors name the file, row and line. */
export function readCatalogFile<Row>(name: string, schema: TSchema, text?: string): CatalogFile<Row> {
  const source = text ?? readFileSync(new URL(`./catalog/${name}`, import.meta.url), 'utf8');
  const counter = new LineCounter();
  const doc = parseDocument(source, { lineCounter: counter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length)
    throw new Error(`catalog/${name} line ${counter.linePos(doc.errors[0].pos[0]).line}: ${doc.errors[0].message}`);
  if (!isSeq(doc.contents)) throw new Error(`catalog/${name}: a list of rows expected`);
  const lines = doc.contents.items.map((item) => (isMap(item) && item.range ? counter.linePos(item.range[0]).line : 0));
  const rows = doc.toJS() as unknown[];
  rows.forEach((row, n) => {
    const [problem] = Value.Errors(schema, row);
    if (!problem) return;
    const id = (row as { id?: unknown; anchor?: unknown }).id ?? (row as { anchor?: unknown }).anchor;
    throw new Error(
      `catalog/${name} row ${n + 1}${id ? ` (${String(id)})` : ''}, line ${lines[n]}: ${problem.path || '/'} ${problem.message}`,
    );
  });
  return { name, rows: rows as Row[], lines };
}

/**
 * The row's own words: as listed, else its id read as words ("marine-mammal" → marine mammal) unless a
 * profile already names it ("dog", "balloon").
 */
function ownWords(row: CategoryRow): string[] {
  const id = row.id.replace(/-/g, ' ');
  const inProfiles = Object.entries(row.profiles ?? {}).some(([p, ws]) => p === id || ws.includes(id));
  return row.words ?? (inProfiles ? [] : [id]);
}

/** Every word that names the row's category: its own words, then its profiles' names and words, less notVocabulary. */
export function wordsOf(row: CategoryRow): string[] {
  const fromProfiles = Object.entries(row.profiles ?? {}).flatMap(([p, ws]) => [p, ...ws]);
  const hidden = new Set(row.notVocabulary ?? []);
  return [...new Set([...ownWords(row), ...fromProfiles])].filter((w) => !hidden.has(w));
}

/**
 * What is wrong with a catalogue as a whole: an id listed twice, a word listed twice in one row, or a word
 * two rows list that ./catalog/shared-words.yaml does not declare as shared by exactly those categories.
 */
export function catalogProblems(files: CatalogFile<CategoryRow>[], shared: SharedWordRow[]): string[] {
  const problems: string[] = [];
  const idAt = new Map<string, string>();
  const rowsOfWord = new Map<string, string[]>();
  for (const file of files)
    file.rows.forEach((row, n) => {
      const at = `catalog/${file.name} row ${n + 1} (${row.id}), line ${file.lines[n]}`;
      const first = idAt.get(row.id);
      if (first) problems.push(`${at}: id ${row.id} is listed twice (first at ${first})`);
      else idAt.set(row.id, at);
      const listed = [...ownWords(row), ...Object.entries(row.profiles ?? {}).flatMap(([p, ws]) => [p, ...ws])];
      const twice = listed.filter((w, k) => listed.indexOf(w) !== k);
      if (twice.length) problems.push(`${at}: ${[...new Set(twice)].join(', ')} listed twice in the row`);
      for (const w of new Set(listed)) rowsOfWord.set(w, [...(rowsOfWord.get(w) ?? []), row.id]);
    });
  const declared = new Map(shared.map((s) => [s.word, [...s.categories].sort().join(' ')]));
  for (const [word, ids] of rowsOfWord) {
    const key = [...ids].sort().join(' ');
    if (ids.length > 1 && declared.get(word) !== key)
      problems.push(`"${word}" is listed by ${ids.join(' and ')}; catalog/shared-words.yaml must say it is shared`);
    if (ids.length === 1 && declared.has(word))
      problems.push(`catalog/shared-words.yaml: "${word}" is listed by ${ids[0]} only`);
  }
  for (const s of shared)
    if (!rowsOfWord.has(s.word)) problems.push(`catalog/shared-words.yaml: "${s.word}" is no word`);
  return problems;
}

/** Anchors whose sense key names no synset of the installed WordNet, by file, row and line. */
export function unresolvedAnchors(file: CatalogFile<{ id?: string; anchor?: string; anchors?: string[] }>): string[] {
  return file.rows.flatMap((row, n) =>
    [...(row.anchors ?? []), ...(row.anchor ? [row.anchor] : [])]
      .filter((key) => senseKeySynset(key) === undefined)
      .map(
        (key) => `catalog/${file.name} row ${n + 1} (${row.id ?? key}), line ${file.lines[n]}: ${key} names no synset`,
      ),
  );
}

const files = CATEGORY_FILES.map((name) => readCatalogFile<CategoryRow>(name, CATEGORY_ROW));
const sharedWords = readCatalogFile<SharedWordRow>('shared-words.yaml', SHARED_WORD_ROW).rows;
const broadFile = readCatalogFile<BroadAnchorRow>('broad.yaml', BROAD_ANCHOR_ROW);
const problems = [...catalogProblems(files, sharedWords), ...[...files, broadFile].flatMap(unresolvedAnchors)];
if (problems.length) throw new Error(`The text engine's catalogue is not valid:\n${problems.join('\n')}`);

export const CATEGORIES: readonly CategoryEntry[] = Object.freeze(
  files.flatMap((file) =>
    file.rows.map(({ notVocabulary, ...row }) =>
      Object.freeze({ ...row, words: wordsOf({ ...row, notVocabulary }), anchors: row.anchors ?? [] }),
    ),
  ),
);

/**
 * Broad WordNet anchors: synsets too general to say what the object is ("food", "structure", "device"),
 * each with the category whose default form stands in for the whole branch. The hypernym walk uses them
 * only when no specific anchor is reached at a comparable cost, so a swordfish is a fish before it is food.
 * `exact` ones place only the noun they name, not its kinds.
 */
export const BROAD_ANCHORS: readonly BroadAnchorRow[] = Object.freeze(broadFile.rows);

export const GENERIC_CATEGORY = 'blob';

const byId = new Map(CATEGORIES.map((e) => [e.id, e]));

for (const { anchor, category } of BROAD_ANCHORS)
  if (!byId.has(category)) throw new Error(`catalog/broad.yaml: ${anchor} names no category ${category}`);

export function categoryById(id: string): CategoryEntry | undefined {
  return byId.get(id);
}

export function familyOf(id: string): Family {
  return byId.get(id)?.family ?? 'generic';
}
