/** Builds clients/ts with its own tsconfig into `outDir` and imports the JavaScript it emitted. */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type * as Sdk from '../../clients/ts/src/index.ts';

export const TS_SDK_DIR = new URL('../../clients/ts/', import.meta.url).pathname;

export async function buildTsSdk(outDir: string): Promise<typeof Sdk> {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  await promisify(execFile)(process.execPath, [tsc, '-p', TS_SDK_DIR, '--outDir', outDir]);
  return (await import(pathToFileURL(join(outDir, 'index.js')).href)) as typeof Sdk;
}
