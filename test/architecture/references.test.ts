import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|mjs)$/.test(entry) ? [path] : [];
  });
}

const files = [...sources(join(root, 'src')), ...sources(join(root, 'test'))];

test('no source or test points at the specs or design notes outside the repository', () => {
  const outside = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        /shared\/(spec|design)/.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
  assert.deepEqual(outside, []);
});

test('every docs/… file a source or test names exists in the repository', () => {
  const missing = new Set<string>();
  for (const file of files) {
    for (const [path] of readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w./-]+\.(md|png)/g)) {
      if (!existsSync(join(root, path))) missing.add(`${relative(root, file)}: ${path}`);
    }
  }
  assert.deepEqual([...missing], []);
});

test('every top-level src/ folder has a README saying what it owns and may import', () => {
  const folders = readdirSync(join(root, 'src')).filter((entry) => statSync(join(root, 'src', entry)).isDirectory());
  const without = folders.filter((folder) => !existsSync(join(root, 'src', folder, 'README.md')));
  assert.deepEqual(without, []);
});
