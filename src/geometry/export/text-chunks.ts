/**
 * Builds large text files (OBJ, USDA) straight into byte chunks: numbers are formatted digit by digit
 * into the buffer, so a million-face mesh creates no per-number strings for the collector and never
 * needs one giant JS string.
 */
const CHUNK_BYTES = 1 << 20;
const encoder = new TextEncoder();
const MINUS = 45,
  DOT = 46,
  ZERO = 48;

export class TextChunks {
  private chunk = new Uint8Array(CHUNK_BYTES);
  private at = 0;
  private readonly done: Uint8Array[] = [];

  private room(bytes: number): void {
    if (this.at + bytes <= this.chunk.length) return;
    this.done.push(this.chunk.subarray(0, this.at));
    this.chunk = new Uint8Array(Math.max(CHUNK_BYTES, bytes));
    this.at = 0;
  }

  /** Any text (UTF-8). */
  push(text: string): void {
    let ascii = true;
    for (let i = 0; i < text.length && ascii; i++) if (text.charCodeAt(i) > 0x7f) ascii = false;
    if (!ascii) {
      const bytes = encoder.encode(text);
      this.room(bytes.length);
      this.chunk.set(bytes, this.at);
      this.at += bytes.length;
      return;
    }
    this.room(text.length);
    for (let i = 0; i < text.length; i++) this.chunk[this.at++] = text.charCodeAt(i);
  }

  byte(code: number): void {
    this.room(1);
    this.chunk[this.at++] = code;
  }

  /** A non-negative integer below 2^53. */
  uint(value: number): void {
    this.room(16);
    if (value < 10) {
      this.chunk[this.at++] = ZERO + value;
      return;
    }
    let digits = 0;
    for (let v = value; v >= 1; v = Math.floor(v / 10)) digits++;
    let end = this.at + digits;
    this.at = end;
    for (let v = value; v >= 1; v = Math.floor(v / 10)) this.chunk[--end] = ZERO + (v % 10);
  }

  int(value: number): void {
    if (value < 0) {
      this.byte(MINUS);
      this.uint(-value);
    } else this.uint(value);
  }

  /**
   * A float32 value in short decimal: six decimals for |v| ≥ 0.01 (about the 7 significant digits a
   * float32 carries), relative precision through `num` for tiny or huge magnitudes.
   */
  float(value: number): void {
    const magnitude = Math.abs(value);
    if (!(magnitude >= 1e-2 && magnitude < 1e9)) {
      this.push(num(value));
      return;
    }
    const scaled = Math.round(magnitude * 1e6);
    const whole = Math.floor(scaled / 1e6);
    let fraction = scaled - whole * 1e6;
    if (value < 0) this.byte(MINUS);
    this.uint(whole);
    if (fraction === 0) return;
    let digits = 6;
    while (fraction % 10 === 0) {
      fraction /= 10;
      digits--;
    }
    this.room(8);
    this.chunk[this.at++] = DOT;
    let end = this.at + digits;
    this.at = end;
    for (let k = 0; k < digits; k++) {
      this.chunk[--end] = ZERO + (fraction % 10);
      fraction = Math.floor(fraction / 10);
    }
  }

  /** The text as consecutive byte chunks (no copy). */
  parts(): Uint8Array[] {
    return [...this.done, this.chunk.subarray(0, this.at)];
  }

  bytes(): Uint8Array {
    const parts = this.parts();
    let total = 0;
    for (const part of parts) total += part.length;
    const out = new Uint8Array(total);
    let offset = 0;
    for (const part of parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

/** A float32 value as a short decimal string (see TextChunks.float), for the small parts of a file. */
export function num(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-2) {
    if (magnitude < 1e15) return String(Math.round(value * 1e6) / 1e6);
    return Number.isFinite(value) ? String(Number(value.toPrecision(7))) : '0';
  }
  if (magnitude >= 1e-5) return String(Math.round(value * 1e9) / 1e9);
  if (magnitude === 0 || Number.isNaN(value)) return '0';
  return String(Number(value.toPrecision(7)));
}
