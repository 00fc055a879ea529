/**
 * Writes a mesh as OFF for the rigging benchmark's fresh sets (fetch-fresh.sh, fetch-fresh2.sh,
 * fetch-fresh3.sh): from 0 A.D.'s PMD files (the game's compiled mesh format: vertices in the bind pose, a
 * body standing as modelled), from Lugaru's .solid files, from MegaGlest's G3D files (first frame), from
 * Zymotic models (Nexuiz's players, standing idle), from SuperTuxKart's SPM meshes, from MD2 (first frame;
 * UFO:AI's, which assimp refuses: their GL-command offset is 0), from glTF (.glb, or .gltf with its buffers
 * beside it or embedded; Draco-compressed geometry too, through glTF-Transform), or from an OBJ (assimp's
 * export or a source's own). Positions and triangles only; every group of an OBJ, every mesh of a G3D, SPM or
 * glTF scene goes into the one mesh. A glTF mesh is placed by its node's world matrix, a skinned one as stored
 * (its bind pose: game files often leave an animation's frame in the joints' nodes).
 *
 *   npx tsx bench/rig-psb/to-off.ts <in.pmd|in.solid|in.g3d|in.zym|in.spm|in.md2|in.glb|in.gltf|in.obj> <out.off>
 *
 * PMD layout (0 A.D. source, ModelDef.cpp): "PSMD", version, data size, vertex count, [v4+: texture
 * coordinate sets], vertices (position, normal, uv per set, 4 bone bytes, 4 weights), face count, faces
 * as three u16.
 *
 * Lugaru's .solid layout (Lugaru source, Models.cpp; big-endian): vertex count and triangle count as i16,
 * vertices as three f32, then per triangle six i16 (corners at 0, 2 and 4) and six f32 (texture u and v
 * of its corners). The file size must come out exactly, which checks the layout.
 *
 * G3D version 4 layout (MegaGlest source, model_header.h and model.cpp; little-endian): "G3D", version,
 * mesh count (u16), model type (u8); per mesh a 116-byte header (name[64], frame, vertex and index counts
 * as u32, diffuse and specular colours, specular power, opacity, properties, a texture bit mask), 64
 * bytes of file name per texture bit set, then every frame's positions, every frame's normals, texture
 * coordinates if any texture, and the indices as u32. Reading must end exactly at the end of the file.
 *
 * Zymotic (.zym) type 1 layout (DarkPlaces' model_zymotic.h; Nexuiz's player models; big-endian): the
 * 12 bytes "ZYMOTICMODEL", type, file size, bounds (seven f32), vertex, triangle, shader, bone and scene
 * counts, then nine lumps as (start, length): scenes (name[32], bounds, frame rate, flags, first frame,
 * frame count: 76 bytes each), poses (per frame, per bone a 3×4 row-major matrix relative to the parent
 * bone), bones (name[32], flags, parent: 40 bytes each), bone counts per vertex, vertices (bone, position
 * in that bone's space), texture coordinates, the render list (per shader a triangle count and the
 * triangles as three i32), shader names and trizones. Vertices are placed by the first frame of the scene
 * named "idle" (the player standing), each by its one bone; a vertex with more than one bone is refused,
 * as DarkPlaces itself reads one. The matrices are used as stored, as DarkPlaces rebuilds its base mesh:
 * a scale in the root bone's rotation (0.95, and 0.7 for the marine) scales the whole body evenly.
 *
 * SPM layout (SuperTuxKart source, sp_mesh_loader.cpp; little-endian): "SP", a byte holding the version
 * (high five bits, 1) and the kind (low three: 1 animated, 2 static; 0, space-partitioned, is never used),
 * a flags byte (normals, vertex colours, tangents), the bounding box (six f32), the material count (u16)
 * with two texture names each (u8 length, then the name), then sections (u16 count), each of mesh buffers
 * (u16 count): vertex and index counts (u32), material (u16), per vertex the position (three f32), the
 * packed normal (4 bytes) if flagged, a colour (1 byte, 128 meaning white, else 4) if flagged, texture
 * coordinates (4 bytes per named texture, plus a 4-byte tangent if flagged) if the first texture is named,
 * 16 bytes of joints and weights if animated; then the indices, u16 if more than 255 vertices, else u8.
 * Positions are read as stored (an animated mesh's rest positions; its armature and frames follow, unread).
 *
 * MD2 layout (Quake II; little-endian): "IDP2", version 8, then i32 skin size, frame size, counts (skins,
 * vertices, texture coordinates, triangles, GL commands, frames) and offsets (skins, texture coordinates,
 * triangles, frames, GL commands, end); a triangle is three u16 vertex and three u16 texture indices; a
 * frame is a scale and a translation (three f32 each), a 16-byte name and per vertex three u8 and a normal
 * index.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { NodeIO } from '@gltf-transform/core';
import { KHRONOS_EXTENSIONS } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';

function readPmd(bytes: Buffer): { positions: number[]; faces: number[] } {
  if (bytes.toString('latin1', 0, 4) !== 'PSMD') throw new Error('not a PMD file');
  const version = bytes.readUInt32LE(4);
  let at = 12;
  const vertexCount = bytes.readUInt32LE(at);
  at += 4;
  let uvSets = 1;
  if (version >= 4) {
    uvSets = bytes.readUInt32LE(at);
    at += 4;
  }
  const vertexBytes = 24 + 8 * uvSets + 4 + 16;
  const positions: number[] = [];
  for (let v = 0; v < vertexCount; v++, at += vertexBytes) {
    positions.push(bytes.readFloatLE(at), bytes.readFloatLE(at + 4), bytes.readFloatLE(at + 8));
  }
  const faceCount = bytes.readUInt32LE(at);
  at += 4;
  const faces: number[] = [];
  for (let f = 0; f < 3 * faceCount; f++, at += 2) faces.push(bytes.readUInt16LE(at));
  return { positions, faces };
}

function readSolid(bytes: Buffer): { positions: number[]; faces: number[] } {
  const vertexCount = bytes.readInt16BE(0);
  const triangleCount = bytes.readInt16BE(2);
  if (bytes.length !== 4 + 12 * vertexCount + 36 * triangleCount) throw new Error('not a Lugaru .solid file');
  const positions: number[] = [];
  let at = 4;
  for (let i = 0; i < 3 * vertexCount; i++, at += 4) positions.push(bytes.readFloatBE(at));
  const faces: number[] = [];
  for (let t = 0; t < triangleCount; t++, at += 36) {
    faces.push(bytes.readInt16BE(at), bytes.readInt16BE(at + 4), bytes.readInt16BE(at + 8));
  }
  return { positions, faces };
}

function readG3d(bytes: Buffer): { positions: number[]; faces: number[] } {
  if (bytes.toString('latin1', 0, 3) !== 'G3D' || bytes[3] !== 4) throw new Error('not a version 4 G3D file');
  const meshCount = bytes.readUInt16LE(4);
  let at = 7;
  const positions: number[] = [];
  const faces: number[] = [];
  for (let m = 0; m < meshCount; m++) {
    const frameCount = bytes.readUInt32LE(at + 64);
    const vertexCount = bytes.readUInt32LE(at + 68);
    const indexCount = bytes.readUInt32LE(at + 72);
    const textures = bytes.readUInt32LE(at + 112);
    at += 116;
    for (let bit = textures; bit; bit >>>= 1) if (bit & 1) at += 64;
    const first = positions.length / 3;
    // The first frame's positions; the other frames and all normals are skipped.
    for (let i = 0; i < 3 * vertexCount; i++) positions.push(bytes.readFloatLE(at + 4 * i));
    at += 2 * 12 * frameCount * vertexCount;
    if (textures) at += 8 * vertexCount;
    for (let i = 0; i < indexCount; i++, at += 4) faces.push(first + bytes.readUInt32LE(at));
  }
  if (at !== bytes.length) throw new Error('G3D layout not as expected: the file does not end where it should');
  return { positions, faces };
}

type Matrix3x4 = number[];

/** a·b for 3×4 row-major affine matrices (the implicit fourth row is 0 0 0 1). */
function concatenate(a: Matrix3x4, b: Matrix3x4): Matrix3x4 {
  const out: number[] = [];
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 4; column++) {
      let sum = column === 3 ? a[4 * row + 3] : 0;
      for (let k = 0; k < 3; k++) sum += a[4 * row + k] * b[4 * k + column];
      out.push(sum);
    }
  }
  return out;
}

function readZym(bytes: Buffer): { positions: number[]; faces: number[] } {
  if (bytes.toString('latin1', 0, 12) !== 'ZYMOTICMODEL' || bytes.readInt32BE(12) !== 1) {
    throw new Error('not a type 1 (skeletal pose) Zymotic model');
  }
  if (bytes.readInt32BE(16) !== bytes.length) throw new Error('Zymotic file size does not match its header');
  const [vertexCount, triangleCount, shaderCount, boneCount, sceneCount] = [48, 52, 56, 60, 64].map((at) =>
    bytes.readInt32BE(at),
  );
  const lump = (index: number) => ({
    start: bytes.readInt32BE(68 + 8 * index),
    length: bytes.readInt32BE(72 + 8 * index),
  });
  const [scenes, poses, bones, boneCounts, vertices, , render] = [0, 1, 2, 3, 4, 5, 6].map(lump);
  let frame = -1;
  for (let s = 0; s < sceneCount; s++) {
    const at = scenes.start + 76 * s;
    if (bytes.toString('latin1', at, at + 32).replace(/\0.*$/s, '') === 'idle') frame = bytes.readInt32BE(at + 68);
  }
  if (frame < 0) throw new Error('Zymotic model has no scene named idle');
  // Each bone's pose in model space: its parent's (always a lower index) times its own.
  const modelSpace: Matrix3x4[] = [];
  for (let b = 0; b < boneCount; b++) {
    const at = poses.start + 48 * (frame * boneCount + b);
    const local = Array.from({ length: 12 }, (_, k) => bytes.readFloatBE(at + 4 * k));
    const parent = bytes.readInt32BE(bones.start + 40 * b + 36);
    modelSpace.push(parent >= 0 ? concatenate(modelSpace[parent], local) : local);
  }
  if (vertices.length !== 16 * vertexCount) throw new Error('Zymotic vertices carry more than one bone each');
  const positions: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    if (bytes.readInt32BE(boneCounts.start + 4 * v) !== 1) throw new Error('Zymotic vertex with more than one bone');
    const at = vertices.start + 16 * v;
    const m = modelSpace[bytes.readInt32BE(at)];
    const p = [0, 1, 2].map((k) => bytes.readFloatBE(at + 4 + 4 * k));
    for (let row = 0; row < 3; row++) {
      positions.push(m[4 * row] * p[0] + m[4 * row + 1] * p[1] + m[4 * row + 2] * p[2] + m[4 * row + 3]);
    }
  }
  const faces: number[] = [];
  let at = render.start;
  for (let s = 0; s < shaderCount; s++) {
    const count = bytes.readInt32BE(at);
    at += 4;
    // Quake's front faces wind clockwise: reversed, so they wind counter-clockwise as OFF expects.
    for (let t = 0; t < count; t++, at += 12) {
      faces.push(bytes.readInt32BE(at + 8), bytes.readInt32BE(at + 4), bytes.readInt32BE(at));
    }
  }
  if (at !== render.start + render.length || faces.length !== 3 * triangleCount) {
    throw new Error('Zymotic render list not as expected');
  }
  return { positions, faces };
}

function readMd2(bytes: Buffer): { positions: number[]; faces: number[] } {
  if (bytes.toString('latin1', 0, 4) !== 'IDP2' || bytes.readInt32LE(4) !== 8) throw new Error('not an MD2 file');
  const header = (field: number) => bytes.readInt32LE(8 + 4 * field);
  const [frameSize, vertexCount, triangleCount, frameCount] = [header(2), header(4), header(6), header(8)];
  const [trianglesAt, framesAt, endAt] = [header(11), header(12), header(14)];
  if (endAt !== bytes.length || frameCount < 1 || framesAt + frameCount * frameSize > bytes.length) {
    throw new Error('MD2 header not as expected');
  }
  // The first frame: a scale and a translation, then per vertex three bytes and a normal index.
  const scale = [0, 1, 2].map((k) => bytes.readFloatLE(framesAt + 4 * k));
  const shift = [0, 1, 2].map((k) => bytes.readFloatLE(framesAt + 12 + 4 * k));
  const positions: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    for (let k = 0; k < 3; k++) positions.push(bytes[framesAt + 40 + 4 * v + k] * scale[k] + shift[k]);
  }
  const faces: number[] = [];
  for (let t = 0; t < triangleCount; t++) {
    for (let k = 0; k < 3; k++) faces.push(bytes.readUInt16LE(trianglesAt + 12 * t + 2 * k));
  }
  if (faces.some((f) => f >= vertexCount)) throw new Error('MD2 triangle index out of range');
  return { positions, faces };
}

function readSpm(bytes: Buffer): { positions: number[]; faces: number[] } {
  if (bytes.toString('latin1', 0, 2) !== 'SP') throw new Error('not an SPM file');
  if (bytes[2] >> 3 !== 1) throw new Error(`SPM version ${bytes[2] >> 3}, 1 expected`);
  const kind = bytes[2] & 0x07;
  if (kind === 0) throw new Error('space-partitioned SPM: never used by the game, not read');
  const skinned = kind === 1;
  const flags = bytes[3];
  const hasNormal = (flags & 1) !== 0;
  const hasColour = (flags & 2) !== 0;
  const hasTangent = (flags & 4) !== 0;
  let at = 4 + 24;
  // Per material its two texture names; a vertex carries each texture's coordinates only if it is named.
  const materials: { first: boolean; second: boolean }[] = [];
  const materialCount = bytes.readUInt16LE(at);
  at += 2;
  for (let m = 0; m < materialCount; m++) {
    const first = bytes[at];
    at += 1 + first;
    const second = bytes[at];
    at += 1 + second;
    materials.push({ first: first > 0, second: second > 0 });
  }
  const positions: number[] = [];
  const faces: number[] = [];
  const sections = bytes.readUInt16LE(at);
  at += 2;
  for (let s = 0; s < sections; s++) {
    const buffers = bytes.readUInt16LE(at);
    at += 2;
    for (let b = 0; b < buffers; b++) {
      const vertexCount = bytes.readUInt32LE(at);
      const indexCount = bytes.readUInt32LE(at + 4);
      const material = materials[bytes.readUInt16LE(at + 8)];
      if (!material) throw new Error('SPM material index out of range');
      at += 10;
      const base = positions.length / 3;
      for (let v = 0; v < vertexCount; v++) {
        positions.push(bytes.readFloatLE(at), bytes.readFloatLE(at + 4), bytes.readFloatLE(at + 8));
        at += 12;
        if (hasNormal) at += 4;
        if (hasColour) at += bytes[at] === 128 ? 1 : 4;
        if (material.first) at += 4 + (material.second ? 4 : 0) + (hasTangent ? 4 : 0);
        if (skinned) at += 16;
      }
      const wide = vertexCount > 255;
      for (let i = 0; i < indexCount; i++) faces.push(base + (wide ? bytes.readUInt16LE(at + 2 * i) : bytes[at + i]));
      at += indexCount * (wide ? 2 : 1);
    }
  }
  // A static mesh ends here, which checks the layout; an animated one goes on with its armature and frames.
  if (!skinned && at !== bytes.length) throw new Error(`SPM read ended at ${at} of ${bytes.length} bytes`);
  if (faces.length % 3 !== 0 || faces.some((f) => f >= positions.length / 3))
    throw new Error('SPM indices not as expected');
  return { positions, faces };
}

function readObj(text: string): { positions: number[]; faces: number[] } {
  const positions: number[] = [];
  const faces: number[] = [];
  for (const line of text.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] === 'v') positions.push(+parts[1], +parts[2], +parts[3]);
    else if (parts[0] === 'f') {
      const corners = parts.slice(1).map((c) => {
        const index = Number.parseInt(c.split('/')[0], 10);
        return index < 0 ? positions.length / 3 + index : index - 1;
      });
      // A polygon as a fan of triangles.
      for (let k = 1; k + 1 < corners.length; k++) faces.push(corners[0], corners[k], corners[k + 1]);
    }
  }
  return { positions, faces };
}

function transformPoint(m: ArrayLike<number>, p: ArrayLike<number>, into: number[]): void {
  for (let row = 0; row < 3; row++) into[row] = m[row] * p[0] + m[4 + row] * p[1] + m[8 + row] * p[2] + m[12 + row];
}

async function readGltf(path: string): Promise<{ positions: number[]; faces: number[] }> {
  const io = new NodeIO()
    .registerExtensions(KHRONOS_EXTENSIONS)
    .registerDependencies({ 'draco3d.decoder': await draco3d.createDecoderModule() });
  // From the path, so a .gltf's buffers beside it are found.
  const document = await io.read(path);
  const positions: number[] = [];
  const faces: number[] = [];
  const scene = document.getRoot().getDefaultScene() ?? document.getRoot().listScenes()[0];
  scene.traverse((node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    // A skinned mesh's positions as stored are its bind pose (the body as modelled); its joints' nodes may
    // hold a frame of an animation, so they are not applied. Other meshes are placed by their node.
    const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    const placement = node.getSkin() ? identity : node.getWorldMatrix();
    for (const primitive of mesh.listPrimitives()) {
      if (primitive.getMode() !== 4) continue;
      const position = primitive.getAttribute('POSITION');
      if (!position) continue;
      const base = positions.length / 3;
      const p: number[] = [];
      const placed = [0, 0, 0];
      for (let v = 0; v < position.getCount(); v++) {
        transformPoint(placement, position.getElement(v, p), placed);
        positions.push(...placed);
      }
      const indices = primitive.getIndices();
      const count = indices ? indices.getCount() : position.getCount();
      for (let i = 0; i < count; i++) faces.push(base + (indices ? indices.getScalar(i) : i));
    }
  });
  return { positions, faces };
}
const [input, output] = process.argv.slice(2);
const bytes = readFileSync(input);
const extension = input.toLowerCase().split('.').pop();
const { positions, faces } =
  extension === 'pmd'
    ? readPmd(bytes)
    : extension === 'solid'
      ? readSolid(bytes)
      : extension === 'g3d'
        ? readG3d(bytes)
        : extension === 'zym'
          ? readZym(bytes)
          : extension === 'spm'
            ? readSpm(bytes)
            : extension === 'md2'
              ? readMd2(bytes)
              : extension === 'glb' || extension === 'gltf'
                ? await readGltf(input)
                : readObj(bytes.toString('utf8'));
const lines = ['OFF', `${positions.length / 3} ${faces.length / 3} 0`];
for (let i = 0; i < positions.length; i += 3) lines.push(positions.slice(i, i + 3).join(' '));
for (let i = 0; i < faces.length; i += 3) lines.push(`3 ${faces[i]} ${faces[i + 1]} ${faces[i + 2]}`);
writeFileSync(output, `${lines.join('\n')}\n`);
