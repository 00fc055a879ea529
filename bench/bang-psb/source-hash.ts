/**
 * A hash of the code a Bang bench measures (every .ts file under src/engines/bang and src/geometry).
 * A run reads the sources once, when it starts: a figure is only the code's if the sources still hash
 * the same when it ends. Pass 3 of issue #30 reported mesh 381 at 0.335 from a half run that had
 * measured the code before the volume bound changed (0.290 since), and took it for run-order dependence.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) hash.update(path).update(readFileSync(path));
    }
  };
  const root = new URL('../../src/', import.meta.url).pathname;
  walk(join(root, 'engines/bang'));
  walk(join(root, 'geometry'));
  return hash.digest('hex').slice(0, 16);
}

/** The line a bench ends with: the hash it measured, or a warning that the sources changed under it. */
export function sourceLine(atStart: string): string {
  const atEnd = sourceHash();
  return atEnd === atStart
    ? `code: src hash ${atStart}`
    : `code: src hash ${atStart} at the start but ${atEnd} at the end: the sources changed during the run, ` +
        'so these figures may not be either version; run again';
}
