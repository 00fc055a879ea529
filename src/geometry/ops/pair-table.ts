/**
 * An open-addressing hash table keyed by ordered pairs of uint32 (edges, vertex/chart pairs …) on typed
 * arrays. JS Maps with string keys cost ~100 bytes and a string per entry, which does not scale to the
 * 10M-face meshes the engines produce; this table costs 12 bytes per slot and allocates nothing per
 * lookup.
 */
export class PairTable {
  /** Interleaved slots [a, b, value + 1] so a probe touches one cache line; value 0 marks empty. */
  private slots: Uint32Array;
  private mask: number;
  size = 0;

  constructor(expected: number) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.slots = new Uint32Array(capacity * 3);
    this.mask = capacity - 1;
  }

  /** Offset of the slot holding (a, b), or of the empty slot where it belongs. */
  private find(a: number, b: number): number {
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    const slots = this.slots;
    const mask = this.mask;
    let i = h & mask;
    for (;;) {
      const o = i * 3;
      if (slots[o + 2] === 0 || (slots[o] === a && slots[o + 1] === b)) return o;
      i = (i + 1) & mask;
    }
  }

  /** The value stored for (a, b), or -1. */
  get(a: number, b: number): number {
    return this.slots[this.find(a, b) + 2] - 1;
  }

  /** Stores value (>= 0) for (a, b), replacing any previous value. */
  set(a: number, b: number, value: number): void {
    const o = this.find(a, b);
    const fresh = this.slots[o + 2] === 0;
    this.slots[o] = a;
    this.slots[o + 1] = b;
    this.slots[o + 2] = value + 1;
    if (fresh && ++this.size * 2 > this.mask) this.grow();
  }

  /** The value for (a, b); when absent stores `value` and returns -1 (one probe for find-or-insert). */
  getOrSet(a: number, b: number, value: number): number {
    const o = this.find(a, b);
    if (this.slots[o + 2] !== 0) return this.slots[o + 2] - 1;
    this.slots[o] = a;
    this.slots[o + 1] = b;
    this.slots[o + 2] = value + 1;
    if (++this.size * 2 > this.mask) this.grow();
    return -1;
  }

  private grow(): void {
    const old = this.slots;
    const capacity = (this.mask + 1) * 2;
    this.slots = new Uint32Array(capacity * 3);
    this.mask = capacity - 1;
    for (let o = 0; o < old.length; o += 3) {
      if (old[o + 2] === 0) continue;
      const n = this.find(old[o], old[o + 1]);
      this.slots[n] = old[o];
      this.slots[n + 1] = old[o + 1];
      this.slots[n + 2] = old[o + 2];
    }
  }
}

/** A growable typed-array buffer, for outputs whose size is unknown up front. */
export class GrowableFloat32 {
  data: Float32Array;
  length = 0;
  constructor(initial = 1024) {
    this.data = new Float32Array(Math.max(16, initial));
  }
  push3(x: number, y: number, z: number): void {
    if (this.length + 3 > this.data.length) this.reserve(this.length + 3);
    const d = this.data;
    d[this.length++] = x;
    d[this.length++] = y;
    d[this.length++] = z;
  }
  reserve(n: number): void {
    if (n <= this.data.length) return;
    const next = new Float32Array(Math.max(n, this.data.length * 2));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  toArray(): Float32Array {
    return this.data.slice(0, this.length);
  }
}

export class GrowableUint32 {
  data: Uint32Array;
  length = 0;
  constructor(initial = 1024) {
    this.data = new Uint32Array(Math.max(16, initial));
  }
  push(v: number): void {
    if (this.length === this.data.length) this.reserve(this.length + 1);
    this.data[this.length++] = v;
  }
  push3(a: number, b: number, c: number): void {
    if (this.length + 3 > this.data.length) this.reserve(this.length + 3);
    const d = this.data;
    d[this.length++] = a;
    d[this.length++] = b;
    d[this.length++] = c;
  }
  reserve(n: number): void {
    if (n <= this.data.length) return;
    const next = new Uint32Array(Math.max(n, this.data.length * 2));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  toArray(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}
