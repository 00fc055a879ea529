/**
 * Checks for the split roles (`kiln serve --no-workers`, `kiln worker`): settings that work on one
 * machine but break once API servers and workers run apart.
 */
import type { Config } from '../config.ts';
import { CliError, type CliIo } from './output.ts';

export function concurrencyFlag(raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 64)
    throw new CliError(`--concurrency must be a whole number from 1 to 64; got "${raw}".`, 2);
  return value;
}

/** Warnings (not refusals: a single machine sharing ./data is a valid setup) for a split deployment. */
export function distributedWarnings(io: Pick<CliIo, 'env'>, config: Config, role: 'api' | 'worker'): string[] {
  const split = role === 'worker' || config.workers === 0;
  if (!split) return [];
  const warnings: string[] = [];
  if (!config.databaseUrl)
    warnings.push(
      `no DATABASE_URL: this ${role === 'api' ? 'API server' : 'worker'} only shares work with processes using the same ${config.dataDir}.`,
    );
  if (!config.s3)
    warnings.push(
      `no KILN_S3_BUCKET: outputs are stored in ${config.dataDir}/blobs, so API servers and workers must share that directory.`,
    );
  if (role === 'api' && !io.env.KILN_SIGNING_SECRET?.trim()) {
    warnings.push(
      `no KILN_SIGNING_SECRET: download links are signed with ${config.dataDir}/signing-secret; set one secret on every API server or their links will not work on each other.`,
    );
  }
  return warnings;
}
