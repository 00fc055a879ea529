/**
 * Binary FBX encoding (version 7400 layout: 32-bit node offsets). A document is a tree of named
 * records, each with typed properties; every record starts with the absolute file offset of its end,
 * so the tree is measured first and written in one pass into a single buffer. Large arrays are
 * zlib-compressed (encoding 1), which every FBX reader supports.
 *
 * Format facts (record layout, header/footer magic, the fixed FileId/CreationTime pair that lets the
 * footer id validate) follow the published descriptions of the format and what Blender's and
 * Autodesk's writers emit.
 */
import { deflateSync } from 'node:zlib';

export type FbxProperty =
  | { type: 'C'; value: boolean }
  | { type: 'I'; value: number }
  | { type: 'L'; value: bigint }
  | { type: 'F' | 'D'; value: number }
  | { type: 'S' | 'R'; value: Uint8Array }
  | { type: 'i'; value: Int32Array }
  | { type: 'l'; value: BigInt64Array }
  | { type: 'f'; value: Float32Array }
  | { type: 'd'; value: Float64Array };

export interface FbxNode {
  name: string;
  props: FbxProperty[];
  children: FbxNode[];
}

export const FBX_VERSION = 7400;
const HEADER_MAGIC = new Uint8Array([...new TextEncoder().encode('Kaydara FBX Binary  '), 0x00, 0x1a, 0x00]);
/** The FileId and CreationTime that pair with the footer id below (writers without a clock use these). */
export const FBX_FILE_ID = new Uint8Array([
  0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2, 0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1,
]);
export const FBX_CREATION_TIME = '1970-01-01 10:00:00:000';
const FOOTER_ID = new Uint8Array([
  0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e,
]);
const FOOTER_MAGIC = new Uint8Array([
  0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b,
]);
const NODE_HEADER = 13;
const SENTINEL = 13;
/** Arrays smaller than this stay raw: compressing tiny arrays costs more than it saves. */
const COMPRESS_FROM_BYTES = 256;

const encoder = new TextEncoder();

// Property constructors, named after their FBX type codes.
export const bool = (value: boolean): FbxProperty => ({ type: 'C', value });
export const int = (value: number): FbxProperty => ({ type: 'I', value });
export const long = (value: bigint | number): FbxProperty => ({ type: 'L', value: BigInt(value) });
export const double = (value: number): FbxProperty => ({ type: 'D', value });
export const str = (value: string): FbxProperty => ({ type: 'S', value: encoder.encode(value) });
export const raw = (value: Uint8Array): FbxProperty => ({ type: 'R', value });
export const ints = (value: Int32Array): FbxProperty => ({ type: 'i', value });
export const doubles = (value: Float64Array): FbxProperty => ({ type: 'd', value });
export const floats = (value: Float32Array): FbxProperty => ({ type: 'f', value });
export const longs = (value: BigInt64Array): FbxProperty => ({ type: 'l', value });

/** FBX object names carry their class after a NUL + 0x01 separator: `name\0\x01Model`. */
export const objectName = (name: string, cls: string): FbxProperty => str(`${name}\u0000\u0001${cls}`);

export function fbxNode(name: string, props: FbxProperty[] = [], children: FbxNode[] = []): FbxNode {
  return { name, props, children };
}

function encodeProperty(p: FbxProperty): Uint8Array {
  switch (p.type) {
    case 'C':
      return new Uint8Array([0x43, p.value ? 1 : 0]);
    case 'I': {
      const out = new Uint8Array(5);
      out[0] = 0x49;
      new DataView(out.buffer).setInt32(1, p.value, true);
      return out;
    }
    case 'L': {
      const out = new Uint8Array(9);
      out[0] = 0x4c;
      new DataView(out.buffer).setBigInt64(1, p.value, true);
      return out;
    }
    case 'F': {
      const out = new Uint8Array(5);
      out[0] = 0x46;
      new DataView(out.buffer).setFloat32(1, p.value, true);
      return out;
    }
    case 'D': {
      const out = new Uint8Array(9);
      out[0] = 0x44;
      new DataView(out.buffer).setFloat64(1, p.value, true);
      return out;
    }
    case 'S':
    case 'R': {
      const out = new Uint8Array(5 + p.value.length);
      out[0] = p.type.charCodeAt(0);
      new DataView(out.buffer).setUint32(1, p.value.length, true);
      out.set(p.value, 5);
      return out;
    }
    default: {
      const data = new Uint8Array(p.value.buffer, p.value.byteOffset, p.value.byteLength);
      const compress = data.byteLength >= COMPRESS_FROM_BYTES;
      const payload = compress ? deflateSync(data, { level: 1 }) : data;
      const out = new Uint8Array(13 + payload.length);
      out[0] = p.type.charCodeAt(0);
      const view = new DataView(out.buffer);
      view.setUint32(1, p.value.length, true);
      view.setUint32(5, compress ? 1 : 0, true);
      view.setUint32(9, payload.length, true);
      out.set(payload, 13);
      return out;
    }
  }
}

interface Measured {
  name: Uint8Array;
  props: Uint8Array[];
  propsLength: number;
  children: Measured[];
  sentinel: boolean;
  size: number;
}

function measure(node: FbxNode): Measured {
  const name = encoder.encode(node.name);
  if (name.length > 255) throw new Error(`FBX record name too long: ${node.name}`);
  const props = node.props.map(encodeProperty);
  const propsLength = props.reduce((sum, p) => sum + p.length, 0);
  const children = node.children.map(measure);
  // A record closes its nested list with a null record when it has children, and (as Autodesk's and
  // Blender's writers do) when it has neither properties nor children.
  const sentinel = children.length > 0 || props.length === 0;
  const size =
    NODE_HEADER + name.length + propsLength + children.reduce((sum, c) => sum + c.size, 0) + (sentinel ? SENTINEL : 0);
  return { name, props, propsLength, children, sentinel, size };
}

function write(out: Uint8Array, view: DataView, node: Measured, at: number): number {
  const end = at + node.size;
  view.setUint32(at, end, true);
  view.setUint32(at + 4, node.props.length, true);
  view.setUint32(at + 8, node.propsLength, true);
  out[at + 12] = node.name.length;
  let cursor = at + NODE_HEADER;
  out.set(node.name, cursor);
  cursor += node.name.length;
  for (const p of node.props) {
    out.set(p, cursor);
    cursor += p.length;
  }
  for (const child of node.children) cursor = write(out, view, child, cursor);
  if (node.sentinel) cursor += SENTINEL; // already zero
  if (cursor !== end) throw new Error(`FBX record ${new TextDecoder().decode(node.name)} measured wrong.`);
  return cursor;
}

/** The whole file: header, top-level records, the closing null record and the footer. */
export function encodeFbx(roots: FbxNode[], version = FBX_VERSION): Uint8Array {
  const measured = roots.map(measure);
  const headerSize = HEADER_MAGIC.length + 4;
  const bodyEnd = headerSize + measured.reduce((sum, n) => sum + n.size, 0) + SENTINEL;
  const afterId = bodyEnd + FOOTER_ID.length + 4;
  let pad = ((afterId + 15) & ~15) - afterId;
  if (pad === 0) pad = 16;
  const total = afterId + pad + 4 + 120 + FOOTER_MAGIC.length;
  if (total > 0xffffffff) throw new Error('An FBX 7.4 file must stay under 4 GiB.');
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(HEADER_MAGIC, 0);
  view.setUint32(HEADER_MAGIC.length, version, true);
  let cursor = headerSize;
  for (const node of measured) cursor = write(out, view, node, cursor);
  cursor += SENTINEL;
  out.set(FOOTER_ID, cursor);
  cursor = afterId + pad;
  view.setUint32(cursor, version, true);
  cursor += 4 + 120;
  out.set(FOOTER_MAGIC, cursor);
  return out;
}
