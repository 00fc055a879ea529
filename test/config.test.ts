import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { tempDir } from './store/databases.ts';

it('loadConfig: documented defaults, overrides, a persisted signing secret and clear errors', () => {
  const temp = tempDir();
  try {
    const config = loadConfig({ KILN_DATA_DIR: temp.dir });
    assert.equal(config.port, 8080);
    assert.equal(config.workers, 1);
    assert.equal(config.downloadTtlSeconds, 3600);
    assert.equal(config.retentionMs, 7 * 24 * 3_600_000);
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.signingSecret, readFileSync(join(temp.dir, 'signing-secret'), 'utf8'));
    assert.ok(config.signingSecret.length >= 40);
    assert.equal(
      loadConfig({ KILN_DATA_DIR: temp.dir }).signingSecret,
      config.signingSecret,
      'generated once, then reused',
    );

    const custom = loadConfig({
      KILN_DATA_DIR: temp.dir,
      PORT: '9000',
      KILN_SIGNING_SECRET: 's3cret',
      KILN_PUBLIC_BASE_URL: 'https://kiln.example.com/',
      KILN_MAX_IN_FLIGHT: '4',
    });
    assert.equal(custom.port, 9000);
    assert.equal(custom.signingSecret, 's3cret');
    assert.equal(custom.publicBaseUrl, 'https://kiln.example.com');
    assert.equal(custom.maxInFlightPerKey, 4);

    assert.throws(() => loadConfig({ KILN_DATA_DIR: temp.dir, PORT: 'eighty' }), /PORT must be an integer/);
    assert.throws(
      () => loadConfig({ KILN_DATA_DIR: temp.dir, KILN_LEASE_MS: '1000', KILN_HEARTBEAT_MS: '1000' }),
      /KILN_HEARTBEAT_MS/,
    );
    assert.throws(
      () => loadConfig({ KILN_DATA_DIR: temp.dir, KILN_PUBLIC_BASE_URL: 'kiln.example.com' }),
      /absolute http/,
    );
  } finally {
    temp.remove();
  }
});
