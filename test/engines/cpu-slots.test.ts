import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCpuSlots, occupy, takeSpare } from '../../src/engines/cpu-slots.ts';

test('a run takes a helper only while a core is free, and gives it back', () => {
  const slots = createCpuSlots(1, 2);
  const first = occupy(slots);
  const spare = takeSpare(slots);
  assert.equal(spare.helpers, 1);
  // Both cores busy (one run and its helper): a second run's step gets no helper.
  const second = occupy(slots);
  assert.equal(takeSpare(slots).helpers, 0);
  spare.release();
  spare.release();
  second();
  assert.equal(Atomics.load(slots.busy, 0), 1);
  first();
  assert.equal(Atomics.load(slots.busy, 0), 0);
});

test('two runs on two cores take no helper; no slots or a zero setting take none', () => {
  const slots = createCpuSlots(1, 2);
  occupy(slots);
  occupy(slots);
  assert.equal(takeSpare(slots).helpers, 0);
  assert.equal(takeSpare(undefined).helpers, 0);
  const never = createCpuSlots(0, 8);
  occupy(never);
  assert.equal(takeSpare(never).helpers, 0);
});

test('at most the per-run setting is taken however many cores are free', () => {
  const slots = createCpuSlots(1, 8);
  occupy(slots);
  assert.equal(takeSpare(slots, 4).helpers, 1);
  assert.equal(Atomics.load(slots.busy, 0), 2);
});
