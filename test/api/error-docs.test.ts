/**
 * One error catalogue, documented once: every code of src/errors.ts has a row in docs/api-guide.md's error
 * table with the same HTTP status, and the table names no code the server does not have.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ERROR_CATALOGUE } from '../../src/errors.ts';

const guide = readFileSync(new URL('../../docs/api-guide.md', import.meta.url), 'utf8');

/** The rows of the table under "## Errors": code → HTTP status as written. */
function documentedErrors(): Map<string, number> {
  const section = guide.slice(guide.indexOf('## Errors'));
  const table = section.slice(0, section.indexOf('\n## ', 3));
  const rows = new Map<string, number>();
  for (const match of table.matchAll(/^\|\s*`([A-Z_]+)`\s*\|\s*(\d{3})\s*\|/gm)) {
    assert.ok(!rows.has(match[1]), `${match[1]} is documented twice`);
    rows.set(match[1], Number(match[2]));
  }
  return rows;
}

test('every error code the server can answer is documented with its HTTP status, and nothing more', () => {
  const documented = documentedErrors();
  assert.ok(documented.size > 0, 'docs/api-guide.md has an error table under "## Errors"');
  const catalogue = new Map(Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, entry.status as number]));
  assert.deepEqual(
    [...catalogue].filter(([code, status]) => documented.get(code) !== status),
    [],
    'codes missing from the docs or documented with another status',
  );
  assert.deepEqual(
    [...documented.keys()].filter((code) => !catalogue.has(code)),
    [],
    'codes the docs list that the server does not have',
  );
});
