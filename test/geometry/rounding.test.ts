import { test } from 'node:test';
import assert from 'node:assert/strict';
import { roundHalfUp } from '../../src/geometry/rounding.ts';

test('roundHalfUp is Math.round on halves, their neighbours and random values below 2^52', () => {
  const values = [0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 254.5, 4094.5, 0.49999999999999994, -0.49999999999999994];
  for (const half of [0.5, 1.5, 127.5, 254.5, 4094.5, 2 ** 40 + 0.5, -3.5]) {
    values.push(half, half - Math.abs(half) * 2 ** -52, half + Math.abs(half) * 2 ** -52);
  }
  let seed = 11;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  for (let i = 0; i < 20_000; i++) values.push((random() - 0.3) * 10 ** Math.floor(random() * 12));
  for (const x of values) assert.equal(roundHalfUp(x) + 0, Math.round(x) + 0, `x = ${x}`);
  assert.ok(Number.isNaN(roundHalfUp(Number.NaN)));
  assert.equal(roundHalfUp(Number.POSITIVE_INFINITY), Number.POSITIVE_INFINITY);
});

test('the one value where floor(x + 0.5) is not Math.round is handled', () => {
  const x = 0.49999999999999994;
  assert.equal(Math.floor(x + 0.5), 1);
  assert.equal(Math.round(x), 0);
  assert.equal(roundHalfUp(x), 0);
});
