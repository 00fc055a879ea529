/**
 * A request as the HTTP layer hands it over: every field's values in arrival order (repeated fields
 * keep all values) and every uploaded file. Field names are normalised (`addons[]` → `addons`).
 */
import { invalidRequest } from '../errors.ts';

export interface RawFile {
  field: string;
  filename: string;
  bytes: Uint8Array;
  /** As sent by the client; never trusted (many clients send none or a wrong one). */
  contentType?: string;
}

export interface RawRequest {
  fields: Record<string, string[]>;
  files: RawFile[];
}

/** `addons[]` → `addons`; a missing name (a multipart part without one) becomes ''. */
export function normaliseFieldName(name: string | undefined): string {
  if (typeof name !== 'string') return '';
  return name.endsWith('[]') ? name.slice(0, -2) : name;
}

/**
 * A field map without a prototype: clients may send any field name, and names such as `constructor`,
 * `toString` or `__proto__` must be plain unknown fields (ignored), not Object.prototype members.
 */
export function emptyFields(): Record<string, string[]> {
  return Object.create(null) as Record<string, string[]>;
}

/** Builds a RawRequest from plain values (JSON bodies, tests); arrays become repeated fields. */
export function rawRequest(
  fields: Record<string, string | number | boolean | Array<string | number | boolean> | undefined>,
  files: RawFile[] = [],
): RawRequest {
  const out = emptyFields();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const key = normaliseFieldName(name);
    const values = Array.isArray(value) ? value : [value];
    out[key] = [...(out[key] ?? []), ...values.map(String)];
  }
  return { fields: out, files: files.map((file) => ({ ...file, field: normaliseFieldName(file.field) })) };
}

/** The field's value, or undefined when absent or sent empty (clients send `seed=` for "none"). */
export function scalar(raw: RawRequest, name: string): string | undefined {
  const values = raw.fields[name];
  if (!values) return undefined;
  const first = values.find((value) => value.trim() !== '');
  return first?.trim();
}

export function has(raw: RawRequest, name: string): boolean {
  return scalar(raw, name) !== undefined || raw.files.some((file) => file.field === name);
}

export function filesOf(raw: RawRequest, field: string): RawFile[] {
  return raw.files.filter((file) => file.field === field);
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

/** Booleans as clients send them: true/false, True/False, 1/0 (and yes/no, on/off). */
export function booleanField(raw: RawRequest, name: string, fallback: boolean): boolean {
  const value = scalar(raw, name);
  if (value === undefined) return fallback;
  const word = value.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw invalidRequest(name, `${name} must be true or false (also accepted: True/False, 1/0); got "${value}".`);
}

/**
 * Arrays as clients send them: repeated fields, a JSON array string (`["HighPack"]`, `[1, 2, 3]`)
 * or a comma list (`HighPack,Other`). All forms may mix; empty items are dropped.
 */
export function listField(raw: RawRequest, name: string): string[] | undefined {
  const values = raw.fields[name];
  if (!values) return undefined;
  const items: string[] = [];
  for (const value of values) {
    const text = value.trim();
    if (text.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw invalidRequest(name, `${name} looks like a JSON array but does not parse: ${text.slice(0, 80)}`);
      }
      if (!Array.isArray(parsed)) throw invalidRequest(name, `${name} must be an array.`);
      items.push(...parsed.map((item) => String(item).trim()));
    } else {
      items.push(...text.split(',').map((item) => item.trim()));
    }
  }
  return items.filter((item) => item !== '');
}

export function numberField(
  raw: RawRequest,
  name: string,
  range: { min: number; max: number; integer?: boolean },
): number | undefined {
  const value = scalar(raw, name);
  if (value === undefined) return undefined;
  const number = Number(value);
  const kind = range.integer ? 'a whole number' : 'a number';
  if (!Number.isFinite(number) || (range.integer && !Number.isInteger(number))) {
    throw invalidRequest(name, `${name} must be ${kind} from ${range.min} to ${range.max}; got "${value}".`);
  }
  if (number < range.min || number > range.max) {
    throw invalidRequest(name, `${name} must be from ${range.min} to ${range.max}; got ${number}.`);
  }
  return number;
}

/** A value from a fixed list, matched case-insensitively and returned in its canonical spelling. */
export function choiceField<T extends string>(raw: RawRequest, name: string, allowed: readonly T[]): T | undefined {
  const value = scalar(raw, name);
  if (value === undefined) return undefined;
  const match = allowed.find((choice) => choice.toLowerCase() === value.toLowerCase());
  if (!match) throw invalidRequest(name, `${name} must be one of ${allowed.join(', ')}; got "${value}".`);
  return match;
}
