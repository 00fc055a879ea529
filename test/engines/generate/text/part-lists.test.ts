/** The part-list rows (generators/parts/*.json): they validate, no id is listed twice, each builds a closed solid. */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { manifoldModule, withArena } from '../../../../src/engines/generate/text/generators/arena.ts';
import { around, createContext, createRng, shapeParams } from '../../../../src/engines/generate/text/generators/kit.ts';
import { hollowLathe, sideHandle } from '../../../../src/engines/generate/text/generators/vessel-shapes.ts';
import * as PALETTE from '../../../../src/engines/generate/text/generators/palette.ts';
import {
  buildPartList,
  partListProblems,
  partsOf,
  type FixedPartListRow,
  readPartListFile,
  type PartListFile,
} from '../../../../src/engines/generate/text/generators/part-list.ts';
import { interpretPrompt } from '../../../../src/engines/generate/text/understand/index.ts';

const PARTS_DIR = new URL('../../../../src/engines/generate/text/generators/parts/', import.meta.url);
const files = readdirSync(PARTS_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));

const anvil = (): PartListFile => ({
  about: 'a test row',
  rows: [{ id: 'anvil', parts: [{ shape: 'box', args: [[0.3, 0.1, 0.2]], material: 'metal', colour: 'IRON' }] }],
});

test('every part-list file validates, and no id is listed twice in one file or across files', () => {
  assert.ok(files.length >= 20, `${files.length} part-list files`);
  const owner = new Map<string, string>();
  for (const name of files) {
    const file = readPartListFile(name);
    // A file of one generator's forms (a fruit's crescent, a dish's bowl) does not name a category's profiles.
    if (file.formsOf) continue;
    for (const row of file.rows) {
      assert.equal(owner.get(row.id), undefined, `${row.id} is in ${owner.get(row.id)} and ${name}`);
      owner.set(row.id, name);
    }
  }
  assert.ok(owner.size >= 150, `${owner.size} rows`);
});

test('the checks refuse an id twice, an unknown shape, operation, material or colour name, and a wrong arity', () => {
  assert.deepEqual(partListProblems(anvil()), []);
  const twice = anvil();
  twice.rows.push(structuredClone(twice.rows[0]));
  assert.match(partListProblems(twice).join(), /anvil: listed twice/);
  const broken = (change: (part: Record<string, unknown>) => void) => {
    const file = anvil();
    change(file.rows[0].parts[0] as unknown as Record<string, unknown>);
    return partListProblems(file);
  };
  assert.notDeepEqual(
    broken((p) => (p.shape = 'cone')),
    [],
  );
  assert.notDeepEqual(
    broken((p) => (p.ops = [['twist', [0, 1, 0]]])),
    [],
  );
  assert.notDeepEqual(
    broken((p) => (p.material = 'cheese-cloth')),
    [],
  );
  assert.notDeepEqual(
    broken((p) => (p.colour = 'NOT_A_COLOUR')),
    [],
  );
  assert.match(broken((p) => (p.args = [])).join(), /box takes 1–2 arguments/);
  assert.notDeepEqual(
    broken((p) => (p.size = [1, 1, 1])),
    [],
  );
});

test('a colour the palette names is written by its name, not repeated as numbers', () => {
  const named = new Set(
    Object.values(PALETTE)
      .filter(Array.isArray)
      .map((rgb) => JSON.stringify(rgb)),
  );
  for (const name of files)
    for (const row of readPartListFile(name).rows)
      for (const part of partsOf(row.parts))
        for (const colour of [part.colour, ...(part.colourIfSays ?? []).map((said) => said[1])])
          if (Array.isArray(colour))
            assert.ok(!named.has(JSON.stringify(colour)), `${row.id}: ${colour} has a palette name`);
});

test("what the prompt says picks a row's parts and colours (ifSays, unlessSays, colourIfSays)", async () => {
  const M = await manifoldModule();
  const row = {
    id: 'die',
    parts: [
      { shape: 'box', args: [[1, 1, 1]], material: 'plastic', colourIfSays: [['red', 'RED']], colour: 'WHITE' },
      { shape: 'sphere', args: [0.2, [0, 0.5, 0]], material: 'plastic', unlessSays: ['blank'] },
      { shape: 'sphere', args: [0.2, [0, -0.5, 0]], material: 'plastic', ifSays: ['\\bd20\\b', 'red'] },
    ],
  } as FixedPartListRow;
  assert.deepEqual(partListProblems({ about: 'a test row', rows: [row] }), []);
  const built = (prompt: string) =>
    withArena(() => {
      const i = interpretPrompt(prompt);
      const ctx = createContext(M, createRng(1), shapeParams(i, false, createRng(1)), i);
      buildPartList(ctx, row);
      return ctx.parts.map((p) => `${p.colour?.join(',')}`);
    });
  assert.deepEqual(built('a white die'), [PALETTE.WHITE.join(','), 'undefined']);
  assert.deepEqual(built('a blank die'), [PALETTE.WHITE.join(',')]);
  assert.deepEqual(built('a red d20 die'), [PALETTE.RED.join(','), 'undefined', 'undefined']);
  row.parts[1].promptColour = true;
  const teal = interpretPrompt('a teal die').colours[0].rgb.join(',');
  assert.deepEqual(built('a teal die')[1], teal, 'the prompt names the colour');
  const badPattern = { ...row, parts: [{ ...row.parts[0], ifSays: ['(unclosed'] }] };
  assert.match(partListProblems({ about: 'a test row', rows: [badPattern] }).join(), /not a regular expression/);
});

test('every row builds parts that union into one closed solid', async () => {
  const M = await manifoldModule();
  const i = interpretPrompt('a low-poly thing');
  for (const name of files) {
    const file = readPartListFile(name);
    const given = Object.fromEntries(
      Object.entries(file.inputs ?? {}).map(([input, value]) => [
        input,
        typeof value === 'string' ? (PALETTE as Record<string, readonly number[]>)[value] : value,
      ]),
    );
    for (const row of file.rows)
      withArena(() => {
        const ctx = createContext(M, createRng(1), shapeParams(i, false, createRng(1)), i);
        buildPartList(ctx, row, given);
        // A row of fixed parts adds each part the plain prompt asks for; one with groups as many as they make.
        const fixed = row.parts.every((item) => 'shape' in item && !item.when);
        const unasked = partsOf(row.parts).filter((part) => !part.ifSays).length;
        if (fixed) assert.equal(ctx.parts.length, unasked, `${row.id}: every part the plain prompt asks for is added`);
        else assert.ok(ctx.parts.length > 0, `${row.id} adds parts`);
        const solid = M.Manifold.union(ctx.parts.map((p) => p.manifold));
        assert.equal(solid.status(), 'NoError', `${row.id} is a valid solid`);
        assert.ok(!solid.isEmpty() && solid.volume() > 0, `${row.id} has volume`);
      });
  }
});

test("a part the prompt must say is drawn only when it says it (a centaur archer's bow)", async () => {
  const M = await manifoldModule();
  const centaur = readPartListFile('mythical').rows.find((row) => row.id === 'centaur');
  assert.ok(centaur);
  const bows = (prompt: string) =>
    withArena(() => {
      const i = interpretPrompt(prompt);
      const ctx = createContext(M, createRng(1), shapeParams(i, false, createRng(1)), i);
      buildPartList(ctx, centaur);
      assert.equal(ctx.skeleton?.rigType, 'quadruped', 'the row carries its skeleton');
      return ctx.parts.filter((p) => p.part === 'bow').length;
    });
  assert.equal(bows('a centaur'), 0);
  assert.equal(bows('a centaur archer'), 1);
});

test('formulas, names, groups and conditions build what the same code builds, and typos are refused', async () => {
  const M = await manifoldModule();
  const i = interpretPrompt('a long wagon with 3 wheels');
  const row = {
    id: 'wagon',
    let: [
      ['L', '=2.2*long'],
      ['n', { count: ['wheel', 4, 1, 6] }],
      ['paint', { pick: ['RED', [0.1, 0.2, 0.3]] }],
    ],
    parts: [
      {
        shape: 'box',
        args: [
          ['=L', 0.4, 1.2],
          [0, '=0.3+0.2', 0],
        ],
        material: 'wood',
        colour: '=paint',
      },
      {
        each: [['k', { below: '=n' }]],
        let: [['x', '=-L/2+(k*L)/(n-1)']],
        parts: [{ shape: 'cyl', args: [0.3, 0.1, ['=x', 0, 0.6]], material: 'rubber', when: '=k%2==0' }],
      },
    ],
  } as PartListFile['rows'][number];
  assert.deepEqual(partListProblems({ about: 'a test row', rows: [row] }), []);
  const [byRow, byCode] = [0, 1].map((way) =>
    withArena(() => {
      const ctx = createContext(M, createRng(1), shapeParams(i, false, createRng(1)), i);
      if (way === 0) buildPartList(ctx, row);
      else {
        const L = 2.2 * ctx.s.long;
        const n = ctx.count('wheel', 4, 1, 6);
        const paint = ctx.rng.pick([PALETTE.RED, [0.1, 0.2, 0.3]]);
        ctx.add(ctx.box([L, 0.4, 1.2], [0, 0.3 + 0.2, 0]), 'wood', { colour: paint as [number, number, number] });
        for (let k = 0; k < n; k++) {
          const x = -L / 2 + (k * L) / (n - 1);
          if (k % 2 === 0) ctx.add(ctx.cyl(0.3, 0.1, [x, 0, 0.6]), 'rubber');
        }
      }
      return ctx.parts.map((p) => [p.colour, Array.from(p.manifold.getMesh().vertProperties)]);
    }),
  );
  assert.equal(byRow.length, 3, 'two of the three wheels the prompt counts, and the bed');
  assert.deepEqual(byRow, byCode);
  const withFormula = (formula: string) =>
    partListProblems({
      about: 'a test row',
      rows: [{ id: 'x', parts: [{ shape: 'sphere', args: [formula], material: 'wood' }] }],
    }).join();
  assert.match(withFormula('=lenght*2'), /names lenght, which the row does not define/);
  assert.match(withFormula('=(long*2'), /expected "\)"/);
  assert.equal(withFormula('=max(long, tall)*cos(PI/4)'), '');
  const monitor = {
    id: 'monitor',
    let: [
      ['crt', { says: '\\bcrt\\b' }],
      ['d', '=choose(crt,0.6,0.1)'],
    ],
    parts: [{ shape: 'box', args: [[0.9, 0.6, '=d']], material: 'metal' }],
  } as PartListFile['rows'][number];
  const depth = (prompt: string) =>
    withArena(() => {
      const read = interpretPrompt(prompt);
      const ctx = createContext(M, createRng(1), shapeParams(read, false, createRng(1)), read);
      buildPartList(ctx, monitor);
      const box = ctx.parts[0].manifold.boundingBox();
      return Math.round((box.max[2] - box.min[2]) * 100) / 100;
    });
  assert.equal(depth('a crt monitor'), 0.6, 'the prompt says crt: the deep box');
  assert.equal(depth('a monitor'), 0.1);
});

test("the seeded randomness, the noun, the prompt's material and the vessel shapes, as rows build them in code", async () => {
  const M = await manifoldModule();
  const row = {
    id: 'pot',
    let: [
      ['k', { random: [0.8, 1.2] }],
      ['n', { randomInt: [2, 4] }],
      ['tall_', { wordMatches: '^(jug|pitcher)$' }],
      ['gold', { materialIs: 'gold' }],
      ['h', '=0.3*k*choose(tall_,2,1)'],
    ],
    parts: [
      {
        shape: 'hollowLathe',
        args: [
          [
            [0.1, 0],
            [0.12, '=h'],
          ],
          0.01,
        ],
        material: 'ceramic',
      },
      {
        each: [['a', { around: ['=n'] }]],
        parts: [
          {
            shape: 'sideHandle',
            args: [0.12, '=h*0.2', '=h*0.8', 0.01],
            ops: [['rotate', [0, '=a*180/PI', 0]]],
            material: 'ceramic',
            part: 'handle',
          },
        ],
      },
      { when: '=gold', shape: 'sphere', args: [0.02, [0, '=h', 0]], material: 'gold', part: 'knob' },
    ],
  } as PartListFile['rows'][number];
  assert.deepEqual(partListProblems({ about: 'a test row', rows: [row] }), []);
  const built = (prompt: string, way: 'row' | 'code') =>
    withArena(() => {
      const read = interpretPrompt(prompt);
      const ctx = createContext(M, createRng(7), shapeParams(read, false, createRng(7)), read);
      if (way === 'row') buildPartList(ctx, row);
      else {
        const k = ctx.rng.range(0.8, 1.2);
        const n = ctx.rng.int(2, 4);
        const h = 0.3 * k * (['jug', 'pitcher'].includes(read.word ?? '') ? 2 : 1);
        ctx.add(
          hollowLathe(
            ctx,
            [
              [0.1, 0],
              [0.12, h],
            ],
            0.01,
          ),
          'ceramic',
        );
        for (const a of around(n))
          ctx.add(sideHandle(ctx, 0.12, h * 0.2, h * 0.8, 0.01).rotate([0, (a * 180) / Math.PI, 0]), 'ceramic', {
            part: 'handle',
          });
        if (read.material === 'gold') ctx.add(ctx.sphere(0.02, [0, h, 0]), 'gold', { part: 'knob' });
      }
      return ctx.parts.map((p) => [p.part, Array.from(p.manifold.getMesh().vertProperties)]);
    });
  for (const prompt of ['a pot', 'a jug', 'a golden pot'])
    assert.deepEqual(built(prompt, 'row'), built(prompt, 'code'));
  const height = (prompt: string) =>
    withArena(() => {
      const read = interpretPrompt(prompt);
      const ctx = createContext(M, createRng(7), shapeParams(read, false, createRng(7)), read);
      buildPartList(ctx, row);
      return { parts: ctx.parts.length, top: ctx.parts[0].manifold.boundingBox().max[1] };
    });
  assert.ok(height('a jug').top > height('a pot').top * 1.5, 'the noun is a jug: twice as tall');
  assert.equal(height('a golden pot').parts, height('a pot').parts + 1, 'the gold knob only when the material is gold');
});

test("a repeated shape in a union, a shaded colour and the file's inputs build what the same code builds", async () => {
  const M = await manifoldModule();
  const i = interpretPrompt('a gourd');
  const file = {
    about: 'a test row',
    inputs: { r: 0.2, colour: [0.5, 0.9, 0.2] },
    rows: [
      {
        id: 'chain',
        let: [['light', { shade: ['=colour', 1.5] }]],
        parts: [
          {
            shape: 'union',
            args: [
              [
                {
                  each: [['k', { below: 3 }]],
                  let: [['x', '=k*r']],
                  repeat: { shape: 'capsule', args: [['=x', 0, 0], ['=x+r', '=r', 0], '=r*0.3'] },
                },
              ],
            ],
            material: 'organic',
            colour: '=light',
          },
        ],
      },
    ],
  } as PartListFile;
  assert.deepEqual(partListProblems(file), []);
  assert.match(partListProblems({ ...file, inputs: {} }).join(), /names r, which the row does not define/);
  const [byRow, byCode] = [0, 1].map((way) =>
    withArena(() => {
      const ctx = createContext(M, createRng(1), shapeParams(i, false, createRng(1)), i);
      const r = 0.2;
      if (way === 0) buildPartList(ctx, file.rows[0], { r, colour: [0.5, 0.9, 0.2] });
      else {
        const chain = [0, 1, 2].map((k) => ctx.capsule([k * r, 0, 0], [k * r + r, r, 0], r * 0.3));
        ctx.add(ctx.union(chain), 'organic', { colour: [0.75, 1, 0.30000000000000004] });
      }
      return ctx.parts.map((p) => [p.colour, Array.from(p.manifold.getMesh().vertProperties)]);
    }),
  );
  assert.deepEqual(byRow, byCode, 'three capsules joined, the colour lightened and kept within 0…1');
});

test('an if draws from the seeded randomness only on the branch it takes, as the same code does', async () => {
  const M = await manifoldModule();
  const row = (sporty: number) =>
    ({
      id: 'cabin',
      let: [
        ['sporty', sporty],
        ['k', { if: ['=sporty', 0.4, { random: [0.45, 0.6] }] }],
        ['h', { random: [1, 2] }],
      ],
      parts: [{ shape: 'box', args: [['=k', '=h', 1]], material: 'metal' }],
    }) as PartListFile['rows'][number];
  const i = interpretPrompt('a car');
  for (const sporty of [0, 1]) {
    assert.deepEqual(partListProblems({ about: 'a test row', rows: [row(sporty)] }), []);
    const [byRow, byCode] = [0, 1].map((way) =>
      withArena(() => {
        const ctx = createContext(M, createRng(7), shapeParams(i, false, createRng(7)), i);
        if (way === 0) buildPartList(ctx, row(sporty));
        else {
          const k = sporty ? 0.4 : ctx.rng.range(0.45, 0.6);
          ctx.add(ctx.box([k, ctx.rng.range(1, 2), 1]), 'metal');
        }
        return ctx.parts.map((p) => Array.from(p.manifold.getMesh().vertProperties));
      }),
    );
    assert.deepEqual(byRow, byCode, `sporty ${sporty}`);
  }
});

test("a part's material may be chosen by a formula; a group's joints need the row's skeleton", async () => {
  const M = await manifoldModule();
  const i = interpretPrompt('a stool');
  const file = {
    about: 'a test row',
    inputs: { hide: 1 },
    rows: [
      {
        id: 'stool',
        parts: [
          {
            each: [['side', [-1, 1]]],
            parts: [{ shape: 'box', args: [[0.1, 0.1, 0.1]], material: ['=hide', ['fabric', 'leather']] }],
            joints: [[[['=side>0', ['left', 'right']], 'Leg'], 'hips', [0, 0, '=side*0.2']]],
          },
        ],
        skeleton: { rig: 'quadruped', source: 'test', joints: [['hips', null, [0, 0, 0]]] },
      },
    ],
  } as PartListFile;
  assert.deepEqual(partListProblems(file), []);
  assert.match(partListProblems({ ...file, rows: [{ ...file.rows[0], skeleton: undefined }] }).join(), /no skeleton/);
  const materials = (hide: number) =>
    withArena(() => {
      const ctx = createContext(M, createRng(1), shapeParams(i, false, createRng(1)), i);
      buildPartList(ctx, file.rows[0], { hide });
      return ctx.parts.map((p) => p.material);
    });
  assert.deepEqual(materials(1), ['leather', 'leather']);
  assert.deepEqual(materials(0), ['fabric', 'fabric']);
});

test("a group's running names take their next values from the turn before (carry, next)", async () => {
  const M = await manifoldModule();
  const i = interpretPrompt('a stack');
  const row = {
    id: 'stack',
    parts: [
      {
        each: [['k', { below: 3 }]],
        carry: [['x', 0]],
        next: [['x', '=x+k+1']],
        parts: [
          {
            shape: 'box',
            args: [
              [0.1, 0.1, 0.1],
              ['=x', 0, 0],
            ],
            material: 'wood',
          },
        ],
      },
    ],
  } as PartListFile['rows'][number];
  assert.deepEqual(partListProblems({ about: 'a test row', rows: [row] }), []);
  const centres = withArena(() => {
    const ctx = createContext(M, createRng(1), shapeParams(i, false, createRng(1)), i);
    buildPartList(ctx, row);
    return ctx.parts.map((p) => Math.round(p.manifold.boundingBox().max[0] * 100) / 100 - 0.05 + 0);
  });
  assert.deepEqual(centres, [0, 1, 3]);
});
