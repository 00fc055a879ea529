/**
 * An open-addressing hash table keyed by ordered pairs of uint32 (edges, vertex/chart pairs …) on typed
 * arrays. JS Maps with string keys cost ~100 bytes and a string per entry, which does not scale to the
 * 10M-face meshes the engines produce; this table costs 12 bytes per slot and allocates nothing per
 * lookup.
 */
export class PairTable {
  private keysA: Uint32Array;
  private keysB: Uint32Array;
  /** Stored value + 1; 0 marks an empty slot. */
  private values: Int32Array;
  private mask: number;
  size = 0;

  constructor(expected: number) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.keysA = new Uint32Array(capacity);
    this.keysB = new Uint32Array(capacity);
    this.values = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  private slot(a: number, b: number): number {
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    let i = h & this.mask;
    const values = this.values;
    while (values[i] !== 0 && (this.keysA[i] !== a || this.keysB[i] !== b)) i = (i + 1) & this.mask;
    return i;
  }

  /** The value stored for (a, b), or -1. */
  get(a: number, b: number): number {
    return this.values[this.slot(a, b)] - 1;
  }

  /** Stores value (>= 0) for (a, b), replacing any previous value. */
  set(a: number, b: number, value: number): void {
    const i = this.slot(a, b);
    if (this.values[i] === 0) {
      this.keysA[i] = a;
      this.keysB[i] = b;
      this.size++;
      if (this.size * 2 > this.mask) {
        this.values[i] = value + 1;
        this.grow();
        return;
      }
    }
    this.values[i] = value + 1;
  }

  /** The value for (a, b); when absent stores `value` and returns -1 (one probe for find-or-insert). */
  getOrSet(a: number, b: number, value: number): number {
    const i = this.slot(a, b);
    if (this.values[i] !== 0) return this.values[i] - 1;
    this.set(a, b, value);
    return -1;
  }

  private grow(): void {
    const { keysA, keysB, values } = this;
    const capacity = (this.mask + 1) * 2;
    this.keysA = new Uint32Array(capacity);
    this.keysB = new Uint32Array(capacity);
    this.values = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let i = 0; i < values.length; i++) {
      if (values[i] === 0) continue;
      const j = this.slot(keysA[i], keysB[i]);
      this.keysA[j] = keysA[i];
      this.keysB[j] = keysB[i];
      this.values[j] = values[i];
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
