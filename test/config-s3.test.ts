import assert from 'node:assert/strict';
import { it } from 'node:test';
import { s3SettingsFrom } from '../src/config-s3.ts';
import { loadConfig } from '../src/config.ts';

it('without KILN_S3_BUCKET blobs stay local, and stray S3 settings are refused by name', () => {
  assert.equal(s3SettingsFrom({}), undefined);
  assert.throws(
    () => s3SettingsFrom({ KILN_S3_ENDPOINT: 'http://minio:9000' }),
    /KILN_S3_ENDPOINT is set but KILN_S3_BUCKET is not/,
  );
});

it('reads the bucket settings with their defaults and normalises the prefix', () => {
  assert.deepEqual(s3SettingsFrom({ KILN_S3_BUCKET: 'assets' }), {
    bucket: 'assets',
    endpoint: undefined,
    region: 'us-east-1',
    prefix: '',
    forcePathStyle: false,
    presignedDownloads: false,
  });
  const full = s3SettingsFrom({
    KILN_S3_BUCKET: 'assets',
    KILN_S3_ENDPOINT: 'http://127.0.0.1:9000',
    AWS_REGION: 'eu-west-1',
    KILN_S3_PREFIX: '/kiln/prod/',
    KILN_S3_FORCE_PATH_STYLE: 'true',
    KILN_S3_PRESIGNED_DOWNLOADS: '1',
  });
  assert.equal(full?.region, 'eu-west-1');
  assert.equal(full?.prefix, 'kiln/prod/');
  assert.equal(full?.forcePathStyle, true);
  assert.equal(full?.presignedDownloads, true);
  assert.equal(s3SettingsFrom({ KILN_S3_BUCKET: 'a', KILN_S3_REGION: 'auto', AWS_REGION: 'x' })?.region, 'auto');
});

it('refuses malformed S3 settings with the variable to fix', () => {
  assert.throws(
    () => s3SettingsFrom({ KILN_S3_BUCKET: 'a', KILN_S3_ENDPOINT: 'minio:9000' }),
    /KILN_S3_ENDPOINT must be an absolute http\(s\) URL/,
  );
  assert.throws(
    () => s3SettingsFrom({ KILN_S3_BUCKET: 'a', KILN_S3_FORCE_PATH_STYLE: 'maybe' }),
    /KILN_S3_FORCE_PATH_STYLE must be true or false/,
  );
  assert.throws(
    () => s3SettingsFrom({ KILN_S3_BUCKET: 'a', KILN_S3_PREFIX: 'a/../b' }),
    /KILN_S3_PREFIX must be a plain folder name/,
  );
});

it('loadConfig carries the S3 settings', () => {
  const config = loadConfig({
    KILN_DATA_DIR: '/tmp/kiln-config-s3-test',
    KILN_SIGNING_SECRET: 's',
    KILN_S3_BUCKET: 'assets',
  });
  assert.equal(config.s3?.bucket, 'assets');
  assert.equal(loadConfig({ KILN_DATA_DIR: '/tmp/kiln-config-s3-test', KILN_SIGNING_SECRET: 's' }).s3, undefined);
});
