/**
 * OBJ geometry reader. three's OBJLoader works in Node but expands every face to fresh vertices and
 * holds about 1.4 KB per face (a 1M-face file took 18–57 s and 1.4 GB here), so Kiln reads OBJ itself: one
 * pass over the text, corners deduplicated by their (v, vt, vn) triple, one mesh per `o`/`g` object,
 * triangles grouped by `usemtl`, polygons fan-triangulated (quads marked in `Mesh.quads`), UVs flipped
 * to v-down.
 */
import { GeometryInputError } from '../errors.ts';
import type { MaterialGroup, Mesh } from '../mesh.ts';

export interface ObjObject {
  name: string;
  mesh: Mesh;
  /** `usemtl` names, indexed by the mesh groups' `material` field. */
  materialNames: string[];
}

export interface ObjDocument {
  objects: ObjObject[];
  mtllibs: string[];
}

class Floats {
  data = new Float64Array(1024);
  length = 0;
  push3(a: number, b: number, c: number): void {
    if (this.length + 3 > this.data.length) this.grow();
    this.data[this.length++] = a;
    this.data[this.length++] = b;
    this.data[this.length++] = c;
  }
  private grow(): void {
    const bigger = new Float64Array(this.data.length * 2);
    bigger.set(this.data);
    this.data = bigger;
  }
}

/** The object being read: its own vertices, and triangles per material in first-use order. */
class Builder {
  positions: number[] = [];
  uvs: number[] = [];
  normals: number[] = [];
  allNormals = true;
  anyUv = false;
  corners = new CornerTable();
  triangles = new Map<string, number[]>();
  /** Per material, one flag per triangle: 1 where it and the next form a quad of the file. */
  quadFlags = new Map<string, number[]>();
  anyQuad = false;
  constructor(readonly name: string) {}
  get empty(): boolean {
    return this.triangles.size === 0;
  }
}

export function parseObj(text: string): ObjDocument {
  const v = new Floats();
  const vt = new Floats();
  const vn = new Floats();
  const objects: ObjObject[] = [];
  const mtllibs: string[] = [];
  let current = new Builder('object');
  let material = 'default';
  const finish = (): void => {
    if (!current.empty) objects.push(build(current));
  };
  const raw = new Int32Array(3);
  const corner = (token: string, line: number): number => {
    readCornerToken(token, raw, line);
    const pi = resolve(raw[0], v.length / 3, line, token);
    const ti = raw[1] === 0 ? -1 : resolve(raw[1], vt.length / 3, line, token);
    const ni = raw[2] === 0 ? -1 : resolve(raw[2], vn.length / 3, line, token);
    let index = current.corners.get(pi, ti, ni);
    if (index < 0) {
      index = current.positions.length / 3;
      current.corners.set(pi, ti, ni, index);
      current.positions.push(v.data[pi * 3], v.data[pi * 3 + 1], v.data[pi * 3 + 2]);
      if (ti >= 0) {
        current.anyUv = true;
        current.uvs.push(vt.data[ti * 3], 1 - vt.data[ti * 3 + 1]);
      } else current.uvs.push(0, 0);
      if (ni >= 0) current.normals.push(vn.data[ni * 3], vn.data[ni * 3 + 1], vn.data[ni * 3 + 2]);
      else {
        current.allNormals = false;
        current.normals.push(0, 0, 0);
      }
    }
    return index;
  };

  let lineNumber = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let line = text.slice(start, end);
    start = end + 1;
    lineNumber++;
    // A trailing backslash continues the statement on the next line.
    while (line.trimEnd().endsWith('\\') && start < text.length) {
      let next = text.indexOf('\n', start);
      if (next < 0) next = text.length;
      line = line.trimEnd().slice(0, -1) + ' ' + text.slice(start, next);
      start = next + 1;
      lineNumber++;
    }
    const hash = line.indexOf('#');
    if (hash >= 0) line = line.slice(0, hash);
    line = line.trim();
    if (line === '') continue;
    const parts = line.split(/\s+/);
    switch (parts[0]) {
      case 'v':
        v.push3(Number(parts[1]), Number(parts[2]), Number(parts[3]));
        break;
      case 'vt':
        vt.push3(Number(parts[1]), Number(parts[2] ?? 0), 0);
        break;
      case 'vn':
        vn.push3(Number(parts[1]), Number(parts[2]), Number(parts[3]));
        break;
      case 'f': {
        if (parts.length < 4) throw malformed(lineNumber, 'a face needs at least three corners');
        const ids = parts.slice(1).map((token) => corner(token, lineNumber));
        let list = current.triangles.get(material);
        let flags = current.quadFlags.get(material);
        if (!list || !flags) {
          current.triangles.set(material, (list = []));
          current.quadFlags.set(material, (flags = []));
        }
        for (let k = 1; k + 1 < ids.length; k++) list.push(ids[0], ids[k], ids[k + 1]);
        // The fan of a quad (a, b, c, d) is (a, b, c), (a, c, d): Mesh.quads' own convention.
        if (ids.length === 4) {
          flags.push(1, 0);
          current.anyQuad = true;
        } else for (let k = 2; k < ids.length; k++) flags.push(0);
        break;
      }
      case 'o':
      case 'g': {
        const name = parts.slice(1).join(' ') || current.name;
        // A group switch inside an object that has no faces yet only renames it.
        if (current.empty) current = new Builder(name);
        else if (name !== current.name) {
          finish();
          current = new Builder(name);
        }
        break;
      }
      case 'usemtl':
        material = parts.slice(1).join(' ') || 'default';
        break;
      case 'mtllib':
        mtllibs.push(...parts.slice(1));
        break;
      default:
        break; // s, l, p, curves and surfaces: nothing to draw as triangles
    }
  }
  finish();
  return { objects, mtllibs };
}

/** OBJ indices are 1-based, or negative counting back from the last element read so far. */
function resolve(n: number, count: number, line: number, token: string): number {
  const index = n > 0 ? n - 1 : count + n;
  if (index < 0 || index >= count)
    throw malformed(
      line,
      `corner "${token.slice(0, 30)}" refers to an element that does not exist (the file defines ${count} so far)`,
    );
  return index;
}

/**
 * Reads "v", "v/vt", "v//vn" or "v/vt/vn" into `out` (0 where absent) without allocating: this runs
 * for every face corner.
 */
function readCornerToken(token: string, out: Int32Array, line: number): void {
  out[0] = out[1] = out[2] = 0;
  let field = 0;
  let value = 0;
  let sign = 1;
  let digits = 0;
  for (let i = 0; i <= token.length; i++) {
    const c = i < token.length ? token.charCodeAt(i) : 47;
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      digits++;
      if (digits > 10) break;
    } else if (c === 45 && digits === 0 && sign === 1) sign = -1;
    else if (c === 47 && field < 3) {
      if (digits === 0 && (field === 0 || sign === -1)) break;
      out[field++] = sign * value;
      value = 0;
      sign = 1;
      digits = 0;
      if (i === token.length) return;
    } else break;
  }
  throw malformed(line, `"${token.slice(0, 30)}" is not a face corner (v, v/vt, v//vn or v/vt/vn)`);
}

/** (v, vt, vn) → vertex index, open addressing on typed arrays. */
class CornerTable {
  private keys = new Int32Array(3 * 1024).fill(-2);
  private values = new Int32Array(1024);
  private size = 0;

  get(p: number, t: number, n: number): number {
    let slot = this.slot(p, t, n);
    const k = this.keys;
    while (k[slot * 3] !== -2) {
      if (k[slot * 3] === p && k[slot * 3 + 1] === t && k[slot * 3 + 2] === n) return this.values[slot];
      slot = (slot + 1) & (this.values.length - 1);
    }
    return -1;
  }

  set(p: number, t: number, n: number, value: number): void {
    if ((this.size + 1) * 2 > this.values.length) this.grow();
    let slot = this.slot(p, t, n);
    while (this.keys[slot * 3] !== -2) slot = (slot + 1) & (this.values.length - 1);
    this.keys[slot * 3] = p;
    this.keys[slot * 3 + 1] = t;
    this.keys[slot * 3 + 2] = n;
    this.values[slot] = value;
    this.size++;
  }

  private slot(p: number, t: number, n: number): number {
    let h = Math.imul(p, 0x9e3779b1) ^ Math.imul(t + 1, 0x85ebca77) ^ Math.imul(n + 1, 0xc2b2ae3d);
    h ^= h >>> 15;
    return h & (this.values.length - 1);
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    this.keys = new Int32Array(keys.length * 2).fill(-2);
    this.values = new Int32Array(values.length * 2);
    this.size = 0;
    for (let s = 0; s < values.length; s++)
      if (keys[s * 3] !== -2) this.set(keys[s * 3], keys[s * 3 + 1], keys[s * 3 + 2], values[s]);
  }
}

function build(b: Builder): ObjObject {
  const materialNames = [...b.triangles.keys()];
  const total = materialNames.reduce((n, m) => n + b.triangles.get(m)!.length, 0);
  const indices = new Uint32Array(total);
  const groups: MaterialGroup[] = [];
  let at = 0;
  materialNames.forEach((name, material) => {
    const list = b.triangles.get(name)!;
    indices.set(list, at);
    groups.push({ start: at / 3, count: list.length / 3, material });
    at += list.length;
  });
  const mesh: Mesh = { positions: Float32Array.from(b.positions), indices, groups };
  if (b.anyUv) mesh.uvs = Float32Array.from(b.uvs);
  if (b.allNormals) mesh.normals = Float32Array.from(b.normals);
  if (b.anyQuad) mesh.quads = Uint8Array.from(materialNames.flatMap((name) => b.quadFlags.get(name)!));
  return { name: b.name, mesh, materialNames };
}

function malformed(line: number, what: string): GeometryInputError {
  return new GeometryInputError(
    'malformed',
    `Line ${line} of the OBJ file is invalid: ${what}. Export the model again.`,
    { line },
  );
}
