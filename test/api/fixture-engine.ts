/**
 * A test engine registered from the tests (never built in): returns a small real GLB (a cube, written
 * with @gltf-transform/core) and a preview.webp, reports progress through named stages, and records
 * what inputs it received in the task notes so tests can check what the API handed over.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import type { Engine, EngineRun } from '../../src/engines/engine.ts';

export async function cubeGlb(): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  // 8 corners, 12 triangles, CCW outward.
  const p = [-1, -1, -1, 1, -1, -1, 1, 1, -1, -1, 1, -1, -1, -1, 1, 1, -1, 1, 1, 1, 1, -1, 1, 1];
  const i = [
    0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3,
  ];
  const position = doc.createAccessor().setType('VEC3').setArray(new Float32Array(p)).setBuffer(buffer);
  const indices = doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(i)).setBuffer(buffer);
  const material = doc.createMaterial('clay').setBaseColorFactor([0.8, 0.5, 0.3, 1]);
  const prim = doc.createPrimitive().setAttribute('POSITION', position).setIndices(indices).setMaterial(material);
  const mesh = doc.createMesh('cube').addPrimitive(prim);
  doc.createScene('scene').addChild(doc.createNode('cube').setMesh(mesh));
  return new NodeIO().writeBinary(doc);
}

export async function previewWebp(): Promise<Uint8Array> {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .webp()
    .toBuffer();
  return new Uint8Array(bytes);
}

const engine: Engine = {
  kind: 'generate-image',
  async describePrompt(spec) {
    return spec.kind === 'generate' && spec.prompt ? `fixture reading of: ${spec.prompt}` : 'fixture object';
  },
  async run(run: EngineRun) {
    run.progress('mesh', 20);
    const glb = await cubeGlb();
    run.progress('texture', 60);
    const preview = await previewWebp();
    run.progress('export', 90);
    return {
      files: [
        { name: 'base_basic_pbr.glb', bytes: glb, contentType: 'model/gltf-binary' },
        { name: 'preview.webp', bytes: preview, contentType: 'image/webp' },
      ],
      notes: {
        inputs: run.inputs.map((input) => ({
          field: input.field,
          filename: input.filename,
          size: input.bytes.byteLength,
        })),
      },
    };
  },
};

export default engine;
