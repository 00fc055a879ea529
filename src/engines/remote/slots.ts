/**
 * Per-endpoint concurrency across the threads of one process. Engine runs happen in worker threads
 * (one job per thread), so a limit kept inside one thread would limit nothing. The broker lives in the
 * main thread (src/services.ts starts it) and hands out slots over a BroadcastChannel; a slot is a
 * lease its holder renews, so a thread terminated mid-run (stage timeout) frees its slot within
 * SLOT_LEASE_MS. Without a broker (an engine run outside a Kiln worker pool) the limit holds per thread.
 */
import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';

export const SLOT_LEASE_MS = 3_000;

/** A start-rate limit shared by every endpoint of one engine: at most `perMinute` grants in any 60 s. */
export interface Rate {
  key: string;
  perMinute: number;
}

const MINUTE_MS = 60_000;

/** Start times per rate key, trimmed to the last minute; true (and the start recorded) when one more fits. */
function takeRate(starts: Map<string, number[]>, rate: Rate | undefined): boolean {
  if (!rate) return true;
  const now = Date.now();
  const recent = (starts.get(rate.key) ?? []).filter((at) => now - at < MINUTE_MS);
  starts.set(rate.key, recent);
  if (recent.length >= rate.perMinute) return false;
  recent.push(now);
  return true;
}

type Request =
  | { t: 'acquire'; req: string; holder: string; endpoint: string; limit: number; rate?: Rate }
  | { t: 'renew'; holder: string }
  | { t: 'release'; holder: string };
type Reply = { t: 'granted' | 'busy'; req: string };

export interface SlotBroker {
  readonly name: string;
  /** Slots held now per endpoint (tests, metrics). */
  held(endpoint: string): number;
  close(): void;
}

export function startSlotBroker(name = `kiln-remote-slots-${randomUUID()}`): SlotBroker {
  const channel = new BroadcastChannel(name);
  channel.unref();
  const holders = new Map<string, { endpoint: string; expires: number }>();
  const starts = new Map<string, number[]>();
  const count = (endpoint: string) => {
    const now = Date.now();
    let n = 0;
    for (const [holder, slot] of holders) {
      if (slot.expires < now) holders.delete(holder);
      else if (slot.endpoint === endpoint) n++;
    }
    return n;
  };
  channel.onmessage = (event) => {
    const message = (event as { data: Request }).data;
    if (message.t === 'acquire') {
      const granted = count(message.endpoint) < message.limit && takeRate(starts, message.rate);
      if (granted) holders.set(message.holder, { endpoint: message.endpoint, expires: Date.now() + SLOT_LEASE_MS });
      channel.postMessage({ t: granted ? 'granted' : 'busy', req: message.req } satisfies Reply);
    } else if (message.t === 'renew') {
      const slot = holders.get(message.holder);
      if (slot) slot.expires = Date.now() + SLOT_LEASE_MS;
    } else if (message.t === 'release') {
      holders.delete(message.holder);
    }
  };
  return { name, held: count, close: () => channel.close() };
}

export interface Slot {
  release(): void;
}

/** Slots held inside this thread when there is no broker. */
const localHeld = new Map<string, number>();
const localStarts = new Map<string, number[]>();

function localSlot(endpoint: string, limit: number, rate?: Rate): Slot | null {
  const held = localHeld.get(endpoint) ?? 0;
  if (held >= limit || !takeRate(localStarts, rate)) return null;
  localHeld.set(endpoint, held + 1);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      localHeld.set(endpoint, (localHeld.get(endpoint) ?? 1) - 1);
    },
  };
}

/** How long to wait for the broker's answer before concluding there is none in this process. */
const BROKER_ANSWER_MS = 2_000;

/** Tries to take one of `limit` slots of `endpoint` (within `rate`); null when all are taken or the rate is spent. */
export async function trySlot(
  broker: string | undefined,
  endpoint: string,
  limit: number,
  rate?: Rate,
): Promise<Slot | null> {
  if (!broker) return localSlot(endpoint, limit, rate);
  const channel = new BroadcastChannel(broker);
  const holder = randomUUID();
  const req = randomUUID();
  const answer = await new Promise<Reply['t'] | 'silent'>((resolve) => {
    const timer = setTimeout(() => resolve('silent'), BROKER_ANSWER_MS);
    channel.onmessage = (event) => {
      const reply = (event as { data: Reply }).data;
      if (reply.req !== req) return;
      clearTimeout(timer);
      resolve(reply.t);
    };
    channel.postMessage({ t: 'acquire', req, holder, endpoint, limit, rate } satisfies Request);
  });
  channel.onmessage = () => undefined;
  if (answer !== 'granted') {
    channel.close();
    return answer === 'silent' ? localSlot(endpoint, limit, rate) : null;
  }
  const renew = setInterval(() => channel.postMessage({ t: 'renew', holder } satisfies Request), SLOT_LEASE_MS / 3);
  // The job holding the slot keeps the process busy; a forgotten slot must not keep it alive.
  renew.unref();
  channel.unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      clearInterval(renew);
      channel.postMessage({ t: 'release', holder } satisfies Request);
      channel.close();
    },
  };
}
