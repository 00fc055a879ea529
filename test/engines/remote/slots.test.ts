/** The slot broker: the limit holds, released slots are reused, and a holder that stops renewing (a terminated thread) loses its slot. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BroadcastChannel } from 'node:worker_threads';
import { SLOT_LEASE_MS, startSlotBroker, trySlot } from '../../../src/engines/remote/slots.ts';

describe('remote endpoint slots', () => {
  it('grants up to the limit, then refuses until a slot is released', async () => {
    const broker = startSlotBroker();
    try {
      const a = await trySlot(broker.name, 'http://gpu-1', 2);
      const b = await trySlot(broker.name, 'http://gpu-1', 2);
      assert.ok(a && b);
      assert.equal(await trySlot(broker.name, 'http://gpu-1', 2), null);
      const other = await trySlot(broker.name, 'http://gpu-2', 2);
      assert.ok(other, 'each endpoint has its own slots');
      other.release();
      a.release();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const c = await trySlot(broker.name, 'http://gpu-1', 2);
      assert.ok(c, 'a released slot is free again');
      b.release();
      c.release();
    } finally {
      broker.close();
    }
  });

  it("an engine's start rate (rate_per_minute) holds across all its endpoints, whatever their free slots", async () => {
    const broker = startSlotBroker();
    const rate = { key: 'rate:tripo-hq', perMinute: 2 };
    try {
      const a = await trySlot(broker.name, 'http://gpu-1', 5, rate);
      const b = await trySlot(broker.name, 'http://gpu-2', 5, rate);
      assert.ok(a && b);
      a.release();
      b.release();
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(await trySlot(broker.name, 'http://gpu-1', 5, rate), null, 'a third start within the minute waits');
      const other = await trySlot(broker.name, 'http://gpu-1', 5, { key: 'rate:meshy', perMinute: 2 });
      assert.ok(other, 'each engine has its own rate');
      other.release();
      const unbrokered = await Promise.all(
        [1, 2, 3].map(() => trySlot(undefined, 'http://local-rate', 5, { key: 'rate:local', perMinute: 2 })),
      );
      assert.deepEqual(
        unbrokered.map((slot) => slot !== null),
        [true, true, false],
        'without a broker the rate holds per thread',
      );
      for (const slot of unbrokered) slot?.release();
    } finally {
      broker.close();
    }
  });

  it('frees the slot of a holder that stops renewing after the lease', async () => {
    const broker = startSlotBroker();
    const channel = new BroadcastChannel(broker.name);
    try {
      // A holder that dies right after its grant: it never renews or releases.
      channel.postMessage({ t: 'acquire', req: 'r1', holder: 'dead-thread', endpoint: 'http://gpu-1', limit: 1 });
      // The grant crosses threads' message queues: wait for it rather than for a fixed time, which a
      // loaded machine can overrun.
      for (let waited = 0; broker.held('http://gpu-1') === 0 && waited < 2_000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      assert.equal(broker.held('http://gpu-1'), 1);
      assert.equal(await trySlot(broker.name, 'http://gpu-1', 1), null);
      await new Promise((resolve) => setTimeout(resolve, SLOT_LEASE_MS + 100));
      const slot = await trySlot(broker.name, 'http://gpu-1', 1);
      assert.ok(slot, 'the dead holder lost its slot');
      slot.release();
    } finally {
      channel.close();
      broker.close();
    }
  });

  it('without a broker the limit holds within the thread', async () => {
    const a = await trySlot(undefined, 'http://local', 1);
    assert.ok(a);
    assert.equal(await trySlot(undefined, 'http://local', 1), null);
    a.release();
    assert.ok(await trySlot(undefined, 'http://local', 1));
  });
});
