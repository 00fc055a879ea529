import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BROAD_ANCHORS,
  CATEGORIES,
  CATEGORY_FILES,
  catalogProblems,
  readCatalogFile,
  unresolvedAnchors,
} from '../../../../src/engines/generate/text/catalog.ts';
import {
  CATEGORY_ROW,
  type CategoryRow,
  SHARED_WORD_ROW,
  type SharedWordRow,
} from '../../../../src/engines/generate/text/catalog-schema.ts';
import { DISH_DESCRIPTIONS } from '../../../../src/engines/generate/text/dish-reading.ts';
import { nounSenses, senseKeySynset } from '../../../../src/engines/generate/text/understand/wordnet.ts';
import { readFileSync } from 'node:fs';

const files = CATEGORY_FILES.map((name) => readCatalogFile<CategoryRow>(name, CATEGORY_ROW));
const shared = readCatalogFile<SharedWordRow>('shared-words.yaml', SHARED_WORD_ROW).rows;

test('every catalogue row validates, and no id or word is listed twice across the files', () => {
  assert.deepEqual(catalogProblems(files, shared), []);
  assert.equal(
    CATEGORIES.length,
    files.reduce((n, f) => n + f.rows.length, 0),
  );
});

test('a row that breaks the schema is refused with its file, row and line', () => {
  const text = '- {id: chair, family: furniture, words: [chair]}\n- {id: stool, family: furnture, words: [stool]}\n';
  assert.throws(
    () => readCatalogFile('bad.yaml', CATEGORY_ROW, text),
    /catalog\/bad\.yaml row 2 \(stool\), line 2: \/family/,
  );
  assert.throws(
    () => readCatalogFile('bad.yaml', CATEGORY_ROW, '- {id: Chair, family: furniture}\n'),
    /row 1 \(Chair\), line 1: \/id/,
  );
  assert.throws(() => readCatalogFile('bad.yaml', CATEGORY_ROW, '- {id: a, family: prop, colour: red}\n'), /row 1/);
});

test('an id or a word listed twice is refused unless the word is declared shared', () => {
  const file = (name: string, rows: CategoryRow[]) => ({ name, rows, lines: rows.map((_, n) => n + 1) });
  const a = file('a.yaml', [
    { id: 'chair', family: 'furniture', words: ['chair', 'seat'] },
    { id: 'sofa', family: 'furniture', words: ['sofa'], profiles: { couch: ['settee', 'sofa'] } },
  ]);
  const b = file('b.yaml', [
    { id: 'chair', family: 'furniture', words: ['throne'] },
    { id: 'bench', family: 'furniture', words: ['seat'] },
  ]);
  const problems = catalogProblems([a, b], []);
  assert.ok(problems.some((p) => /b\.yaml row 1 \(chair\).*id chair is listed twice/.test(p)));
  assert.ok(problems.some((p) => /a\.yaml row 2 \(sofa\).*sofa listed twice in the row/.test(p)));
  assert.ok(problems.some((p) => /"seat" is listed by chair and bench/.test(p)));
  const declared = catalogProblems([a, b], [{ word: 'seat', categories: ['bench', 'chair'] }]);
  assert.ok(!declared.some((p) => /"seat"/.test(p)));
  assert.ok(catalogProblems([a], [{ word: 'seat', categories: ['bench', 'chair'] }]).some((p) => /"seat"/.test(p)));
});

test('broad anchors name categories of the catalogue', () => {
  const ids = new Set(CATEGORIES.map((e) => e.id));
  for (const b of BROAD_ANCHORS) assert.ok(ids.has(b.category), `${b.anchor} → ${b.category}`);
});

test('every dish ../dish-reading.ts describes is a row of the dish family, so its words reach the family', () => {
  const dish = CATEGORIES.find((e) => e.id === 'dish');
  for (const name of Object.keys(DISH_DESCRIPTIONS)) assert.ok(Object.hasOwn(dish?.profiles ?? {}, name), name);
});

test('profile words marked notVocabulary name the row but are no vocabulary word', () => {
  const seal = CATEGORIES.find((e) => e.id === 'marine-mammal');
  assert.ok(seal?.profiles?.seal && !seal.words.includes('seal') && seal.words.includes('sea lion'));
  const scales = CATEGORIES.find((e) => e.id === 'shop-tool');
  assert.ok(scales?.profiles?.scale && !scales.words.includes('scale') && scales.words.includes('bathroom scale'));
});

test('every anchor is a WordNet sense key that resolves to a synset', () => {
  const anchors = [...CATEGORIES.flatMap((e) => e.anchors), ...BROAD_ANCHORS.map((b) => b.anchor)];
  assert.ok(anchors.length > 500);
  for (const key of anchors) assert.notEqual(senseKeySynset(key), undefined, key);
  assert.deepEqual(files.flatMap(unresolvedAnchors), []);
  const bad = readCatalogFile<CategoryRow>(
    'bad.yaml',
    CATEGORY_ROW,
    "- { id: chair, family: furniture, anchors: ['chair%1:06:09::'] }\n",
  );
  assert.deepEqual(unresolvedAnchors(bad), ['catalog/bad.yaml row 1 (chair), line 1: chair%1:06:09:: names no synset']);
  assert.throws(() =>
    readCatalogFile('bad.yaml', CATEGORY_ROW, "- { id: chair, family: furniture, anchors: ['chair#1'] }\n"),
  );
});

test('the sense keys name the synsets the sense numbers they replaced named (WordNet 3.1 today)', () => {
  const rows = readFileSync(new URL('../../../fixtures/engines/text-anchor-sense-numbers.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));
  const keys = new Set(rows.map(([key]) => key));
  for (const key of [...CATEGORIES.flatMap((e) => e.anchors), ...BROAD_ANCHORS.map((b) => b.anchor)])
    assert.ok(keys.has(key), `${key} has no recorded sense number`);
  for (const [key, numbered] of rows) {
    const [lemma, n] = numbered.split('#');
    assert.equal(senseKeySynset(key), nounSenses(lemma)[Number(n) - 1], `${key} ≠ ${numbered}`);
  }
});
