/**
 * A minimal USD crate (usdc 0.8.0) writer for test fixtures: Kiln has no usdc exporter and no USD
 * tool is installable here, so the tests write the crate layout themselves (bootstrap, value
 * payloads, TOKENS/STRINGS/FIELDS/FIELDSETS/PATHS/SPECS with USD's integer coding inside
 * TfFastCompression-framed LZ4 blocks of literals, table of contents). Only what a mesh fixture needs.
 */

const TYPE = { Int: 3, Double: 9, Token: 11, Specifier: 44, Vec3d: 23, Vec3f: 24 } as const;
const SPEC = { Attribute: 1, Prim: 6, PseudoRoot: 7 } as const;

type Value =
  | { kind: 'token'; value: string }
  | { kind: 'specifier'; value: number }
  | { kind: 'tokens'; value: string[] }
  | { kind: 'ints'; value: ArrayLike<number> }
  | { kind: 'vec3f[]'; value: ArrayLike<number> }
  | { kind: 'vec3d'; value: [number, number, number] };

export interface CratePrim {
  /** Absolute prim path, e.g. "/Box/Cube"; parents must come first. */
  path: string;
  typeName: string;
  attributes?: Record<string, { typeName: string; value: Value }>;
  /** Extra prim metadata (upAxis on the pseudo-root is set through `rootFields`). */
}

export function writeCrate(prims: CratePrim[], rootFields: Record<string, Value> = {}): Uint8Array {
  const tokens: string[] = [''];
  const token = (t: string): number => {
    let i = tokens.indexOf(t);
    if (i < 0) i = tokens.push(t) - 1;
    return i;
  };
  // Value payloads live right after the 88-byte bootstrap, as typed chunks (large meshes stay cheap).
  const chunks: Uint8Array[] = [];
  let payloadLength = 0;
  const payloadBase = 88;
  const push = (chunk: Uint8Array): void => {
    chunks.push(chunk);
    payloadLength += chunk.length;
  };
  const rep = (type: number, flags: { array?: boolean; inlined?: boolean }, value: number): [number, number] => {
    const hi =
      (flags.array ? 0x80000000 : 0) | (flags.inlined ? 0x40000000 : 0) | (type << 16) | Math.floor(value / 2 ** 32);
    return [value >>> 0, hi >>> 0];
  };
  const array = (count: number, data: Uint8Array): void => push(concat(le64(count), data));
  const bytesOf = (a: Float32Array | Float64Array | Uint32Array | Int32Array): Uint8Array =>
    new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const encodeValue = (v: Value): [number, number] => {
    const at = payloadBase + payloadLength;
    switch (v.kind) {
      case 'token':
        return rep(TYPE.Token, { inlined: true }, token(v.value));
      case 'specifier':
        return rep(TYPE.Specifier, { inlined: true }, v.value);
      case 'tokens':
        array(v.value.length, bytesOf(Uint32Array.from(v.value, token)));
        return rep(TYPE.Token, { array: true }, at);
      case 'ints':
        array(v.value.length, bytesOf(Int32Array.from(v.value)));
        return rep(TYPE.Int, { array: true }, at);
      case 'vec3f[]':
        array(v.value.length / 3, bytesOf(Float32Array.from(v.value)));
        return rep(TYPE.Vec3f, { array: true }, at);
      case 'vec3d':
        push(bytesOf(Float64Array.from(v.value)));
        return rep(TYPE.Vec3d, {}, at);
    }
  };

  // Specs in path order: pseudo-root, then each prim followed by its attributes.
  type Entry = { path: string; name: string; property: boolean; spec: number; fields: [string, Value][] };
  const entries: Entry[] = [
    { path: '/', name: '', property: false, spec: SPEC.PseudoRoot, fields: Object.entries(rootFields) },
  ];
  for (const prim of prims) {
    entries.push({
      path: prim.path,
      name: prim.path.split('/').pop()!,
      property: false,
      spec: SPEC.Prim,
      fields: [
        ['specifier', { kind: 'specifier', value: 0 }],
        ['typeName', { kind: 'token', value: prim.typeName }],
      ],
    });
    for (const [name, attr] of Object.entries(prim.attributes ?? {})) {
      entries.push({
        path: `${prim.path}.${name}`,
        name,
        property: true,
        spec: SPEC.Attribute,
        fields: [
          ['typeName', { kind: 'token', value: attr.typeName }],
          ['default', attr.value],
        ],
      });
    }
  }
  const fieldTokens: number[] = [];
  const fieldReps: [number, number][] = [];
  const fieldSets: number[] = [];
  const specFieldSet: number[] = [];
  for (const e of entries) {
    specFieldSet.push(fieldSets.length);
    for (const [name, value] of e.fields) {
      fieldSets.push(fieldTokens.length);
      fieldTokens.push(token(name));
      fieldReps.push(encodeValue(value));
    }
    fieldSets.push(-1);
  }
  for (const e of entries) if (e.name) token(e.name);

  // PATHS in depth-first order with USD's jump coding (-1 child only, 0 sibling only, -2 leaf, >0 both).
  const childrenOf = (path: string) => entries.filter((e) => e.path !== '/' && parentOf(e.path) === path);
  const order: { entry: Entry; jump: number }[] = [];
  const walk = (entry: Entry, hasSibling: boolean): void => {
    const slot = order.push({ entry, jump: 0 }) - 1;
    const children = childrenOf(entry.path);
    children.forEach((child, i) => {
      walk(child, i < children.length - 1);
    });
    const hasChild = children.length > 0;
    order[slot].jump = hasChild && hasSibling ? order.length - slot : hasChild ? -1 : hasSibling ? 0 : -2;
  };
  walk(entries[0], false);
  const pathIndex = (e: Entry) => entries.indexOf(e);

  const sections: [string, Uint8Array][] = [];
  const tokenBytes = new TextEncoder().encode(tokens.join('\0') + '\0');
  const tokenBlock = fastCompress(tokenBytes);
  sections.push(['TOKENS', concat(le64(tokens.length), le64(tokenBytes.length), le64(tokenBlock.length), tokenBlock)]);
  sections.push(['STRINGS', le64(0)]);
  const repBytes = new Uint8Array(fieldReps.length * 8);
  fieldReps.forEach(([lo, hi], i) => {
    new DataView(repBytes.buffer).setUint32(i * 8, lo, true) ??
      new DataView(repBytes.buffer).setUint32(i * 8 + 4, hi, true);
  });
  const repBlock = fastCompress(repBytes);
  const fieldTokenBlock = compressInts(fieldTokens);
  sections.push([
    'FIELDS',
    concat(le64(fieldTokens.length), le64(fieldTokenBlock.length), fieldTokenBlock, le64(repBlock.length), repBlock),
  ]);
  const fieldSetBlock = compressInts(fieldSets);
  sections.push(['FIELDSETS', concat(le64(fieldSets.length), le64(fieldSetBlock.length), fieldSetBlock)]);
  const pi = compressInts(order.map((o) => pathIndex(o.entry)));
  const et = compressInts(order.map((o) => (o.entry.property ? -token(o.entry.name) : token(o.entry.name))));
  const jumps = compressInts(order.map((o) => o.jump));
  sections.push([
    'PATHS',
    concat(le64(order.length), le64(order.length), le64(pi.length), pi, le64(et.length), et, le64(jumps.length), jumps),
  ]);
  const sp = compressInts(entries.map((_, i) => i));
  const sf = compressInts(specFieldSet);
  const st = compressInts(entries.map((e) => e.spec));
  sections.push(['SPECS', concat(le64(entries.length), le64(sp.length), sp, le64(sf.length), sf, le64(st.length), st)]);

  const body = concat(...chunks);
  let offset = payloadBase + body.length;
  const toc: Uint8Array[] = [le64(sections.length)];
  const sectionBytes: Uint8Array[] = [];
  for (const [name, bytes] of sections) {
    const nameBytes = new Uint8Array(16);
    nameBytes.set(new TextEncoder().encode(name));
    toc.push(nameBytes, le64(offset), le64(bytes.length));
    sectionBytes.push(bytes);
    offset += bytes.length;
  }
  const header = new Uint8Array(88);
  header.set(new TextEncoder().encode('PXR-USDC'));
  header.set([0, 8, 0], 8);
  new DataView(header.buffer).setBigUint64(16, BigInt(offset), true);
  return concat(header, body, ...sectionBytes, ...toc);
}

function parentOf(path: string): string {
  const dot = path.lastIndexOf('.');
  if (dot > path.lastIndexOf('/')) return path.slice(0, dot);
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? '/' : path.slice(0, slash);
}

/** USD integer coding with every delta stored as 32 bits, then framed and "compressed". */
function compressInts(values: number[]): Uint8Array {
  const codes = new Uint8Array((values.length * 2 + 7) >> 3).fill(0);
  for (let i = 0; i < values.length; i++) codes[i >> 2] |= 3 << ((i & 3) * 2);
  const deltas = new Uint8Array(values.length * 4);
  let previous = 0;
  values.forEach((v, i) => {
    new DataView(deltas.buffer).setInt32(i * 4, v - previous, true);
    previous = v;
  });
  return fastCompress(concat(new Uint8Array(4), codes, deltas));
}

/** TfFastCompression single chunk around an LZ4 block made of one literal run. */
function fastCompress(data: Uint8Array): Uint8Array {
  const header: number[] = [0];
  if (data.length < 15) header.push(data.length << 4);
  else {
    header.push(0xf0);
    let rest = data.length - 15;
    while (rest >= 255) {
      header.push(255);
      rest -= 255;
    }
    header.push(rest);
  }
  return concat(new Uint8Array(header), data);
}

function le64(v: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(v), true);
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
