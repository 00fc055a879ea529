/**
 * Model files the import tests make for themselves: a unit cube (12 triangles, two materials) in every
 * format, written by hand (obj, stl, usda, ascii fbx), with glTF-Transform (glb, gltf), or with
 * Kiln's own writers (binary fbx, usdz) where a hand-made file would be unreasonable.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import type { Bounds, Scene, SceneNode } from '../../../src/geometry/mesh.ts';
import { writeCrate } from './usdc-writer.ts';

export const enc = (text: string): Uint8Array => new TextEncoder().encode(text);

/** 24 vertices (4 per face, own UVs), 12 triangles; faces 0–2 are "red", 3–5 "blue". Centred at 0, edge 1. */
export function cubeArrays(): { positions: number[]; uvs: number[]; indices: number[] } {
  const positions: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  const faces = [
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [1, 0, 0],
      [0, 0, -1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, -1],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
  ];
  for (const [n, u, v] of faces) {
    const base = positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ]) {
      for (let k = 0; k < 3; k++) positions.push(n[k] * 0.5 + u[k] * a * 0.5 + v[k] * b * 0.5);
      uvs.push((a + 1) / 2, (1 - b) / 2);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return { positions, uvs, indices };
}

export async function redPng(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 255, g: 0, b: 0 } } })
      .png()
      .toBuffer(),
  );
}

/** glTF 2.0 with node "Box" at (1, 2, 3), two primitives, a base colour texture and PBR factors. */
export async function cubeGltfDocument(): Promise<Document> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const { positions, uvs, indices } = cubeArrays();
  const position = doc.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer);
  const uv = doc.createAccessor().setType('VEC2').setArray(new Float32Array(uvs)).setBuffer(buffer);
  const texture = doc
    .createTexture('red')
    .setImage(await redPng())
    .setMimeType('image/png');
  const red = doc
    .createMaterial('red')
    .setBaseColorFactor([1, 0, 0, 1])
    .setMetallicFactor(0.25)
    .setRoughnessFactor(0.75)
    .setBaseColorTexture(texture);
  const blue = doc.createMaterial('blue').setBaseColorFactor([0, 0, 1, 1]).setMetallicFactor(0).setRoughnessFactor(0.5);
  const mesh = doc.createMesh('cube');
  for (const [material, part] of [
    [red, indices.slice(0, 18)],
    [blue, indices.slice(18)],
  ] as const) {
    const idx = doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(part)).setBuffer(buffer);
    mesh.addPrimitive(
      doc
        .createPrimitive()
        .setAttribute('POSITION', position)
        .setAttribute('TEXCOORD_0', uv)
        .setIndices(idx)
        .setMaterial(material),
    );
  }
  const box = doc.createNode('Box').setMesh(mesh).setTranslation([1, 2, 3]);
  doc.createScene('scene').addChild(box);
  return doc;
}

export async function cubeGlb(): Promise<Uint8Array> {
  return new NodeIO().writeBinary(await cubeGltfDocument());
}

/** A .gltf JSON with its buffer and image as data: URIs. */
export async function cubeGltfEmbedded(): Promise<Uint8Array> {
  const { json, resources } = await new NodeIO().writeJSON(await cubeGltfDocument());
  for (const b of json.buffers ?? []) {
    b.uri = `data:application/octet-stream;base64,${Buffer.from(resources[b.uri!]).toString('base64')}`;
  }
  for (const image of json.images ?? []) {
    if (image.uri) image.uri = `data:image/png;base64,${Buffer.from(resources[image.uri]).toString('base64')}`;
  }
  return enc(JSON.stringify(json));
}

/** OBJ text (v-up UVs, 1-based indices, quads) and its MTL; the cube sits at (1, 2, 3). */
export function cubeObj(): { obj: Uint8Array; mtl: Uint8Array } {
  const { positions, uvs } = cubeArrays();
  const lines = ['# hand-made cube', 'mtllib cube.mtl', 'o Box'];
  for (let i = 0; i < positions.length; i += 3)
    lines.push(`v ${positions[i] + 1} ${positions[i + 1] + 2} ${positions[i + 2] + 3}`);
  for (let i = 0; i < uvs.length; i += 2) lines.push(`vt ${uvs[i]} ${1 - uvs[i + 1]}`);
  for (let f = 0; f < 6; f++) {
    if (f === 0) lines.push('usemtl red');
    if (f === 3) lines.push('usemtl blue');
    const c = [1, 2, 3, 4].map((k) => f * 4 + k);
    lines.push(`f ${c.map((i) => `${i}/${i}`).join(' ')}`);
  }
  const mtl = [
    'newmtl red',
    'Kd 1 0 0',
    'Pr 0.75',
    'Pm 0.25',
    'map_Kd red.png',
    '',
    'newmtl blue',
    'Kd 0 0 1',
    'Ns 100',
  ].join('\n');
  return { obj: enc(lines.join('\n') + '\n'), mtl: enc(mtl + '\n') };
}

export function cubeStlAscii(): Uint8Array {
  const { positions, indices } = cubeArrays();
  const out = ['solid cube'];
  for (let t = 0; t < indices.length; t += 3) {
    out.push(' facet normal 0 0 0', '  outer loop');
    for (let k = 0; k < 3; k++)
      out.push(`   vertex ${positions.slice(indices[t + k] * 3, indices[t + k] * 3 + 3).join(' ')}`);
    out.push('  endloop', ' endfacet');
  }
  out.push('endsolid cube');
  return enc(out.join('\n') + '\n');
}

export function cubeStlBinary(header = 'solid binary cube, header starts like ascii'): Uint8Array {
  const { positions, indices } = cubeArrays();
  const count = indices.length / 3;
  const bytes = new Uint8Array(84 + count * 50);
  bytes.set(enc(header).subarray(0, 80));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      for (let c = 0; c < 3; c++)
        view.setFloat32(84 + t * 50 + 12 + k * 12 + c * 4, positions[indices[t * 3 + k] * 3 + c], true);
    }
  }
  return bytes;
}

/** USDA text: Xform "Box" at (1, 2, 3) holding the cube with two GeomSubsets bound to two materials. */
export function cubeUsda(texture?: string): Uint8Array {
  const { positions, uvs } = cubeArrays();
  const points = [];
  for (let i = 0; i < positions.length; i += 3) points.push(`(${positions.slice(i, i + 3).join(', ')})`);
  const st = [];
  for (let i = 0; i < uvs.length; i += 2) st.push(`(${uvs[i]}, ${1 - uvs[i + 1]})`);
  const faceIndices = Array.from({ length: 24 }, (_, i) => i);
  const shader = (name: string, color: string, metallic: number, roughness: number, file?: string) => `
        def Material "${name}"
        {
            token outputs:surface.connect = </Box/Looks/${name}/Surface.outputs:surface>
            def Shader "Surface"
            {
                uniform token info:id = "UsdPreviewSurface"
                color3f inputs:diffuseColor = ${color}${
                  file
                    ? `
                color3f inputs:diffuseColor.connect = </Box/Looks/${name}/Tex.outputs:rgb>`
                    : ''
                }
                float inputs:metallic = ${metallic}
                float inputs:roughness = ${roughness}
                token outputs:surface
            }${
              file
                ? `
            def Shader "Tex"
            {
                uniform token info:id = "UsdUVTexture"
                asset inputs:file = @${file}@
                float3 outputs:rgb
            }`
                : ''
            }
        }`;
  return enc(`#usda 1.0
(
    defaultPrim = "Box"
    upAxis = "Y"
    metersPerUnit = 1
)

def Xform "Box"
{
    double3 xformOp:translate = (1, 2, 3)
    uniform token[] xformOpOrder = ["xformOp:translate"]

    def Mesh "Cube"
    {
        int[] faceVertexCounts = [4, 4, 4, 4, 4, 4]
        int[] faceVertexIndices = [${faceIndices.join(', ')}]
        point3f[] points = [${points.join(', ')}]
        texCoord2f[] primvars:st = [${st.join(', ')}] (
            interpolation = "vertex"
        )
        uniform token subsetFamily:materialBind:familyType = "partition"

        def GeomSubset "RedFaces" (
            prepend apiSchemas = ["MaterialBindingAPI"]
        )
        {
            uniform token elementType = "face"
            uniform token familyName = "materialBind"
            int[] indices = [0, 1, 2]
            rel material:binding = </Box/Looks/red>
        }

        def GeomSubset "BlueFaces" (
            prepend apiSchemas = ["MaterialBindingAPI"]
        )
        {
            uniform token elementType = "face"
            uniform token familyName = "materialBind"
            int[] indices = [3, 4, 5]
            rel material:binding = </Box/Looks/blue>
        }
    }

    def Scope "Looks"
    {${shader('red', '(1, 0, 0)', 0.25, 0.75, texture)}${shader('blue', '(0, 0, 1)', 0, 0.5)}
    }
}
`);
}

/** A usdz (stored zip, layer first) around the USDA cube and its texture. */
export async function cubeUsdz(): Promise<Uint8Array> {
  return zipSync({ 'cube.usda': cubeUsda('textures/red.png'), 'textures/red.png': await redPng() }, { level: 0 });
}

/** ASCII FBX 7.3: a quad and a triangle in model "Quad" at (1, 2, 3) with a green Phong material. */
export function quadFbxAscii(): Uint8Array {
  return enc(`; FBX 7.3.0 project file
FBXHeaderExtension:  {
\tFBXHeaderVersion: 1003
\tFBXVersion: 7300
}
Objects:  {
\tGeometry: 1000, "Geometry::Tri", "Mesh" {
\t\tVertices: *15 {
\t\t\ta: 0,0,0,1,0,0,1,1,0,0,1,0,2,2,0
\t\t}
\t\tPolygonVertexIndex: *7 {
\t\t\ta: 0,1,2,-4,0,2,-5
\t\t}
\t\tGeometryVersion: 124
\t}
\tModel: 2000, "Model::Quad", "Mesh" {
\t\tVersion: 232
\t\tProperties70:  {
\t\t\tP: "Lcl Translation", "Lcl Translation", "", "A",1,2,3
\t\t}
\t}
\tMaterial: 3000, "Material::Green", "" {
\t\tVersion: 102
\t\tShadingModel: "phong"
\t\tProperties70:  {
\t\t\tP: "DiffuseColor", "Color", "", "A",0,1,0
\t\t}
\t}
}
Connections:  {
\tC: "OO",1000,2000
\tC: "OO",2000,0
\tC: "OO",3000,2000
}
`);
}

/** World-space bounds of every mesh in the scene (node transforms applied). */
export function sceneBounds(scene: Scene): Bounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  const visit = (node: SceneNode, parent: number[]): void => {
    const world = multiply(parent, trs(node));
    const p = node.mesh?.positions;
    if (p) {
      for (let i = 0; i < p.length; i += 3) {
        for (let r = 0; r < 3; r++) {
          const v = world[r] * p[i] + world[4 + r] * p[i + 1] + world[8 + r] * p[i + 2] + world[12 + r];
          if (v < min[r]) min[r] = v;
          if (v > max[r]) max[r] = v;
        }
      }
    }
    node.children.forEach((c) => {
      visit(c, world);
    });
  };
  scene.roots.forEach((r) => {
    visit(r, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });
  return { min, max };
}

export function sceneTriangles(scene: Scene): number {
  let n = 0;
  const visit = (node: SceneNode): void => {
    n += (node.mesh?.indices.length ?? 0) / 3;
    node.children.forEach(visit);
  };
  scene.roots.forEach(visit);
  return n;
}

/** Column-major 4×4 of a node's translation, rotation and scale. */
function trs(node: SceneNode): number[] {
  const [x, y, z, w] = node.rotation;
  const [sx, sy, sz] = node.scale;
  const [tx, ty, tz] = node.translation;
  return [
    (1 - 2 * (y * y + z * z)) * sx,
    2 * (x * y + z * w) * sx,
    2 * (x * z - y * w) * sx,
    0,
    2 * (x * y - z * w) * sy,
    (1 - 2 * (x * x + z * z)) * sy,
    2 * (y * z + x * w) * sy,
    0,
    2 * (x * z + y * w) * sz,
    2 * (y * z - x * w) * sz,
    (1 - 2 * (x * x + y * y)) * sz,
    0,
    tx,
    ty,
    tz,
    1,
  ];
}

function multiply(a: number[], b: number[]): number[] {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
  return out;
}

/**
 * The frame of a usdc (crate 0.8.0): header, table of contents and the given sections, each a count
 * followed by `body`. Not a usable stage: it exercises the crate checks and the parser's error paths.
 */
export function crateFrame(sections: { name: string; count: bigint; body?: Uint8Array }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let offset = 88;
  const entries: { name: string; start: number; size: number }[] = [];
  for (const s of sections) {
    const body = new Uint8Array(8 + (s.body?.length ?? 0));
    new DataView(body.buffer).setBigUint64(0, s.count, true);
    if (s.body) body.set(s.body, 8);
    entries.push({ name: s.name, start: offset, size: body.length });
    parts.push(body);
    offset += body.length;
  }
  const toc = new Uint8Array(8 + entries.length * 32);
  const tv = new DataView(toc.buffer);
  tv.setBigUint64(0, BigInt(entries.length), true);
  entries.forEach((e, i) => {
    toc.set(enc(e.name), 8 + i * 32);
    tv.setBigUint64(8 + i * 32 + 16, BigInt(e.start), true);
    tv.setBigUint64(8 + i * 32 + 24, BigInt(e.size), true);
  });
  const header = new Uint8Array(88);
  header.set(enc('PXR-USDC'));
  header.set([0, 8, 0], 8);
  new DataView(header.buffer).setBigUint64(16, BigInt(offset), true);
  const out = new Uint8Array(offset + toc.length);
  out.set(header);
  let at = 88;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  out.set(toc, offset);
  return out;
}

/** usdc: Xform "Box" at (1, 2, 3) with the cube as quads and a display colour of (0.2, 0.4, 0.6). */
export function cubeUsdc(): Uint8Array {
  const { positions } = cubeArrays();
  return writeCrate(
    [
      {
        path: '/Box',
        typeName: 'Xform',
        attributes: {
          'xformOp:translate': { typeName: 'double3', value: { kind: 'vec3d', value: [1, 2, 3] } },
          xformOpOrder: { typeName: 'token[]', value: { kind: 'tokens', value: ['xformOp:translate'] } },
        },
      },
      {
        path: '/Box/Cube',
        typeName: 'Mesh',
        attributes: {
          points: { typeName: 'point3f[]', value: { kind: 'vec3f[]', value: positions } },
          faceVertexCounts: { typeName: 'int[]', value: { kind: 'ints', value: [4, 4, 4, 4, 4, 4] } },
          faceVertexIndices: {
            typeName: 'int[]',
            value: { kind: 'ints', value: Array.from({ length: 24 }, (_, i) => i) },
          },
          'primvars:displayColor': { typeName: 'color3f[]', value: { kind: 'vec3f[]', value: [0.2, 0.4, 0.6] } },
        },
      },
    ],
    { upAxis: { kind: 'token', value: 'Y' } },
  );
}

export async function greyPng(value: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: value, g: value, b: value } } })
      .greyscale()
      .png()
      .toBuffer(),
  );
}

/** A usdz whose one material takes base colour, roughness, metallic and normal from packaged textures. */
export async function texturedQuadUsdz(): Promise<Uint8Array> {
  const tex = (name: string, file: string, output: string) => `
        def Shader "${name}"
        {
            uniform token info:id = "UsdUVTexture"
            asset inputs:file = @${file}@
            token inputs:sourceColorSpace = "raw"
            ${output}
        }`;
  const layer = enc(`#usda 1.0
(
    defaultPrim = "Quad"
    upAxis = "Y"
)

def Xform "Quad"
{
    def Mesh "Plane" (
        prepend apiSchemas = ["MaterialBindingAPI"]
    )
    {
        int[] faceVertexCounts = [4]
        int[] faceVertexIndices = [0, 1, 2, 3]
        point3f[] points = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0)]
        texCoord2f[] primvars:st = [(0, 0), (1, 0), (1, 1), (0, 1)] (
            interpolation = "vertex"
        )
        rel material:binding = </Quad/Looks/Painted>
    }

    def Scope "Looks"
    {
        def Material "Painted"
        {
            token outputs:surface.connect = </Quad/Looks/Painted/Surface.outputs:surface>
            def Shader "Surface"
            {
                uniform token info:id = "UsdPreviewSurface"
                color3f inputs:diffuseColor.connect = </Quad/Looks/Painted/Base.outputs:rgb>
                float inputs:roughness.connect = </Quad/Looks/Painted/Rough.outputs:r>
                float inputs:metallic.connect = </Quad/Looks/Painted/Metal.outputs:r>
                normal3f inputs:normal.connect = </Quad/Looks/Painted/Normal.outputs:rgb>
                token outputs:surface
            }${tex('Base', 'tex/base.png', 'float3 outputs:rgb')}${tex('Rough', 'tex/rough.png', 'float outputs:r')}${tex('Metal', 'tex/metal.png', 'float outputs:r')}${tex('Normal', 'tex/normal.png', 'float3 outputs:rgb')}
        }
    }
}
`);
  return zipSync(
    {
      'quad.usda': layer,
      'tex/base.png': await redPng(),
      'tex/rough.png': await greyPng(200),
      'tex/metal.png': await greyPng(50),
      'tex/normal.png': await greyPng(128),
    },
    { level: 0 },
  );
}
