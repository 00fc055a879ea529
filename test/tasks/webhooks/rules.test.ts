/** The webhook rules on their own: which addresses are private, the backoff schedule, signature checks. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backoffDelay, isPrivateAddress, signatureHeader, verifySignature } from '../../../src/tasks/webhooks/index.ts';

test('loopback, private, link-local, CGNAT, unspecified and multicast addresses are private (IPv4, IPv6, IPv4-mapped)', () => {
  for (const address of [
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.1.1',
    'not-an-ip',
  ]) {
    assert.equal(isPrivateAddress(address), true, address);
  }
  for (const address of [
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ]) {
    assert.equal(isPrivateAddress(address), false, address);
  }
});

test('retries back off exponentially from the base, at most one hour apart', () => {
  assert.deepEqual(
    [1, 2, 3, 4].map((attempt) => backoffDelay(10_000, attempt)),
    [10_000, 20_000, 40_000, 80_000],
  );
  assert.equal(backoffDelay(10_000, 30), 3_600_000);
  // The default schedule keeps trying for the whole 24 h window: about 30 attempts.
  let elapsed = 0;
  let attempts = 0;
  while (elapsed + backoffDelay(10_000, attempts + 1) <= 24 * 3_600_000) elapsed += backoffDelay(10_000, ++attempts);
  assert.ok(attempts >= 25 && attempts <= 35, `${attempts} attempts`);
});

test('Kiln-Signature verifies only with the right secret, the same raw body and a fresh timestamp', () => {
  const body = '{"id":"evt_1","type":"task.done"}';
  const now = Date.UTC(2026, 10, 23, 12);
  const header = signatureHeader('s3cret', body, now);
  assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
  assert.equal(verifySignature('s3cret', body, header, 300, now + 1_000), true);
  assert.equal(verifySignature('other', body, header, 300, now), false);
  assert.equal(verifySignature('s3cret', `${body} `, header, 300, now), false, 'any change to the body breaks it');
  assert.equal(
    verifySignature('s3cret', body, header, 300, now + 301_000),
    false,
    'a replay after the tolerance is refused',
  );
  assert.equal(verifySignature('s3cret', body, 'garbage', 300, now), false);
});
