/**
 * Test engine for the playground's browser test (registered from the test, never built in). Generation
 * walks through named stages for about a second (so the page shows progress) and returns a real GLB: one
 * cube node. Bang returns three cubes as nodes `part_01`…`part_03`, each with its pivot at its own centre,
 * as Bang outputs are written (src/geometry/export/parts.ts).
 */
import { Document, NodeIO, type Node } from '@gltf-transform/core';
import type { Engine, EngineRun } from '../../src/engines/engine.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cubeNode(
  doc: Document,
  name: string,
  size: number,
  at: [number, number, number],
  color: [number, number, number, number],
): Node {
  const s = size / 2;
  const p = [-s, -s, -s, s, -s, -s, s, s, -s, -s, s, -s, -s, -s, s, s, -s, s, s, s, s, -s, s, s];
  const i = [
    0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3,
  ];
  const buffer = doc.getRoot().listBuffers()[0];
  const position = doc.createAccessor().setType('VEC3').setArray(new Float32Array(p)).setBuffer(buffer);
  const indices = doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(i)).setBuffer(buffer);
  const material = doc
    .createMaterial(`${name}-clay`)
    .setBaseColorFactor(color)
    .setRoughnessFactor(0.8)
    .setMetallicFactor(0);
  const primitive = doc.createPrimitive().setAttribute('POSITION', position).setIndices(indices).setMaterial(material);
  return doc.createNode(name).setMesh(doc.createMesh(name).addPrimitive(primitive)).setTranslation(at);
}

export async function sceneGlb(pieces: number): Promise<Uint8Array> {
  const doc = new Document();
  doc.createBuffer();
  const scene = doc.createScene('scene');
  if (pieces === 0) {
    scene.addChild(cubeNode(doc, 'body', 1, [0, 0, 0], [0.78, 0.45, 0.25, 1]));
  } else {
    const colours: Array<[number, number, number, number]> = [
      [0.85, 0.3, 0.25, 1],
      [0.25, 0.6, 0.85, 1],
      [0.35, 0.75, 0.35, 1],
    ];
    for (let k = 0; k < pieces; k += 1) {
      const name = `part_${String(k + 1).padStart(2, '0')}`;
      scene.addChild(cubeNode(doc, name, 0.5, [(k - (pieces - 1) / 2) * 0.5, 0, 0], colours[k % colours.length]));
    }
  }
  return new NodeIO().writeBinary(doc);
}

const engine: Engine = {
  kind: 'generate-text',
  async describePrompt(spec) {
    return spec.kind === 'generate' ? `playground fixture: ${spec.prompt ?? ''}` : 'bang';
  },
  async run(run: EngineRun) {
    const stages = ['shape', 'texture', 'export'];
    for (let k = 0; k < stages.length; k += 1) {
      run.progress(stages[k], 10 + k * 30);
      await sleep(600);
    }
    const glb = await sceneGlb(run.spec.kind === 'bang' ? 3 : 0);
    return { files: [{ name: 'base_basic_pbr.glb', bytes: glb, contentType: 'model/gltf-binary' }] };
  },
};

export default engine;
