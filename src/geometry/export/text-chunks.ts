/**
 * Builds large text files (OBJ, USDA) without one giant JS string: text is appended in pieces and
 * encoded to UTF-8 every megabyte, so a million-face mesh never needs a string of hundreds of MB.
 */
const FLUSH_CHARS = 1 << 20;

export class TextChunks {
  private pending: string[] = [];
  private pendingChars = 0;
  private readonly chunks: Uint8Array[] = [];
  private readonly encoder = new TextEncoder();

  push(text: string): void {
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.chunks.push(this.encoder.encode(this.pending.join('')));
    this.pending = [];
    this.pendingChars = 0;
  }

  bytes(): Uint8Array {
    this.flush();
    let total = 0;
    for (const chunk of this.chunks) total += chunk.length;
    const out = new Uint8Array(total);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

/** A float32 value in short decimal (7 significant digits, which is what a float32 carries). */
export function num(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return '0';
  return String(Number(value.toPrecision(7)));
}
