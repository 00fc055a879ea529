import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';

const child = new URL('../fixtures/architecture/api-process.ts', import.meta.url).pathname;

test('the API thread answers a text prompt with its reading without importing an engine, the parser or WordNet', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', child], { timeout: 120_000 });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { status: number; prompt: string; engines: string[] };
  assert.equal(result.status, 201);
  assert.match(
    result.prompt,
    /interpreted as: chair/,
    "the response carries the engine's reading (from the describer thread)",
  );
  assert.deepEqual(result.engines, [], 'engine modules imported by the API thread');
});
