/**
 * Providers' models as some of them send them: Draco (KHR_draco_mesh_compression) or meshopt
 * (EXT_meshopt_compression) compressed GLBs, made here from a plain GLB with glTF-Transform.
 */
import { NodeIO } from '@gltf-transform/core';
import { KHRONOS_EXTENSIONS, EXTMeshoptCompression } from '@gltf-transform/extensions';
import { draco, meshopt } from '@gltf-transform/functions';
import draco3d from 'draco3dgltf';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';

async function io() {
  await MeshoptEncoder.ready;
  await MeshoptDecoder.ready;
  return new NodeIO().registerExtensions([...KHRONOS_EXTENSIONS, EXTMeshoptCompression]).registerDependencies({
    'draco3d.encoder': await draco3d.createEncoderModule(),
    'draco3d.decoder': await draco3d.createDecoderModule(),
    'meshopt.encoder': MeshoptEncoder,
    'meshopt.decoder': MeshoptDecoder,
  });
}

export async function compressGlb(glb: Uint8Array, method: 'draco' | 'meshopt'): Promise<Uint8Array> {
  const writer = await io();
  const doc = await writer.readBinary(glb);
  await doc.transform(method === 'draco' ? draco({ quantizePosition: 14 }) : meshopt({ encoder: MeshoptEncoder }));
  return writer.writeBinary(doc);
}
