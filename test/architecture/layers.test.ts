import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkLayers,
  fileCycles,
  importsOf,
  layerViolations,
  partCycles,
  type ImportEdge,
} from '../../scripts/check-layers.ts';

function edgesOf(files: Record<string, string>): ImportEdge[] {
  return Object.entries(files).flatMap(([file, source]) => importsOf(file, source));
}

test('a wrong-way import is reported, naming the file, the parts and what is allowed', () => {
  const edges = edgesOf({
    'geometry/export/index.ts': "import { OUTPUT_FORMATS } from '../../domain/task-spec.ts';\n",
    'domain/task-spec.ts': "export const OUTPUT_FORMATS = ['glb'];\n",
  });
  const problems = layerViolations(edges);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^geometry\/export\/index\.ts → domain\/task-spec\.ts: geometry may not import domain/);
});

test('type-only imports count too, except where a rule allows types only', () => {
  const edges = edgesOf({
    'geometry/a.ts': "import type { EngineFile } from '../engines/engine.ts';\n",
    'api/b.ts':
      "import type { Engine } from '../engines/engine.ts';\nimport { run } from '../engines/runner/index.ts';\n",
    'domain/c.ts': "export type { X } from '../geometry/x.ts';\nconst m = await import('../tasks/t.ts');\n",
  });
  const problems = layerViolations(edges);
  assert.equal(problems.length, 4, problems.join('\n'));
  assert.ok(problems.some((p) => p.startsWith('geometry/a.ts') && p.includes('may not type import engines')));
  assert.ok(
    problems.some((p) => p.startsWith('api/b.ts → engines/runner/index.ts') && p.includes('may not import engines')),
  );
  assert.ok(problems.some((p) => p.startsWith('domain/c.ts → geometry/x.ts')));
  assert.ok(
    problems.some((p) => p.startsWith('domain/c.ts → tasks/t.ts')),
    'dynamic imports are read',
  );
});

test('imports that point down pass', () => {
  const edges = edgesOf({
    'api/routes/x.ts':
      "import { createTaskService } from '../../tasks/task-service.ts';\nimport { invalidRequest } from '../../errors.ts';\n",
    'tasks/x.ts':
      "import { importModel } from '../geometry/import/index.ts';\nimport type { Db } from '../store/db.ts';\n",
    'geometry/x.ts': "import { silentLogger } from '../logger.ts';\n",
  });
  assert.deepEqual(layerViolations(edges), []);
});

test('a cycle between src/ folders is reported, even through type-only imports', () => {
  const cycles = partCycles(
    edgesOf({
      'queue/a.ts': "import type { S } from '../store/s.ts';\n",
      'store/s.ts': "import type { Q } from '../queue/a.ts';\n",
    }),
  );
  assert.deepEqual(cycles, ['queue → store → queue']);
  assert.deepEqual(partCycles(edgesOf({ 'queue/a.ts': "import type { S } from '../store/s.ts';\n" })), []);
});

test('a cycle between files is reported: an index.ts whose implementation imports it back', () => {
  const edges = edgesOf({
    'queue/index.ts': "export interface JobQueue { close(): void }\nexport { SqlQueue } from './sql-queue.ts';\n",
    'queue/sql-queue.ts': "import type { JobQueue } from './index.ts';\nexport class SqlQueue {}\n",
  });
  assert.deepEqual(fileCycles(edges), ['queue/index.ts → queue/sql-queue.ts → queue/index.ts']);
  assert.deepEqual(partCycles(edges), [], 'inside one folder, so no folder cycle');
});

test('a part with no rule is reported, so a new src/ folder has to be placed in the layers', () => {
  const problems = layerViolations(edgesOf({ 'plugins/p.ts': "import { x } from '../domain/index.ts';\n" }));
  assert.match(problems[0], /src\/plugins has no layer rule/);
});

test('src/ keeps its layers: no wrong-way import and no cycle between its folders', () => {
  const problems = checkLayers(new URL('../../src', import.meta.url).pathname);
  assert.deepEqual(problems, [], `layer problems (see scripts/check-layers.ts):\n${problems.join('\n')}`);
});
