/**
 * The S3 part of the configuration (KILN_S3_*). Kept apart from config.ts so the blob settings read as
 * one unit; loadConfig folds the result into Config.s3.
 */

export interface S3Settings {
  /** KILN_S3_BUCKET: the bucket; setting it moves every upload and output from <dataDir>/blobs to S3. */
  bucket: string;
  /** KILN_S3_ENDPOINT: an S3-compatible endpoint (MinIO, R2, …); unset means AWS S3 of the region. */
  endpoint?: string;
  /** KILN_S3_REGION, default AWS_REGION, else us-east-1 (R2 takes `auto`). */
  region: string;
  /** KILN_S3_PREFIX, default '': a folder inside the bucket (normalised to end in `/`), so installations can share one. */
  prefix: string;
  /** KILN_S3_FORCE_PATH_STYLE, default false: `endpoint/bucket/key` URLs (MinIO and most self-hosted servers need true). */
  forcePathStyle: boolean;
  /**
   * KILN_S3_PRESIGNED_DOWNLOADS, default false: signed download links answer with a redirect to a
   * short-lived S3 presigned URL (bytes go straight from the bucket) instead of streaming through Kiln.
   * Needs the bucket to be reachable by clients.
   */
  presignedDownloads: boolean;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return false;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new Error(`Environment variable ${name} must be true or false; got "${env[name]}".`);
}

/** The S3 settings, or undefined when KILN_S3_BUCKET is unset (blobs stay in the data directory). */
export function s3SettingsFrom(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.KILN_S3_BUCKET?.trim();
  const others = [
    'KILN_S3_ENDPOINT',
    'KILN_S3_PREFIX',
    'KILN_S3_FORCE_PATH_STYLE',
    'KILN_S3_PRESIGNED_DOWNLOADS',
  ].filter((name) => env[name]?.trim());
  if (!bucket) {
    if (others.length > 0)
      throw new Error(
        `${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} set but KILN_S3_BUCKET is not; set the bucket to use S3.`,
      );
    return undefined;
  }
  const endpoint = env.KILN_S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new Error(
      `KILN_S3_ENDPOINT must be an absolute http(s) URL such as http://127.0.0.1:9000; got "${endpoint}".`,
    );
  }
  const rawPrefix = (env.KILN_S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (rawPrefix.split('/').some((part) => part === '..' || part === '.') || rawPrefix.includes('//')) {
    throw new Error(`KILN_S3_PREFIX must be a plain folder name such as kiln/prod; got "${env.KILN_S3_PREFIX}".`);
  }
  return {
    bucket,
    endpoint,
    region: env.KILN_S3_REGION?.trim() || env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || 'us-east-1',
    prefix: rawPrefix ? `${rawPrefix}/` : '',
    forcePathStyle: flag(env, 'KILN_S3_FORCE_PATH_STYLE'),
    presignedDownloads: flag(env, 'KILN_S3_PRESIGNED_DOWNLOADS'),
  };
}
