// Modules without type declarations: the internals of three's USD loader (usd.ts drives them directly)
// and draco3dgltf (gltf.ts).
declare module 'three/examples/jsm/loaders/usd/USDAParser.js' {
  export class USDAParser {
    parseData(text: string): unknown;
  }
}
declare module 'three/examples/jsm/loaders/usd/USDCParser.js' {
  export class USDCParser {
    parseData(buffer: ArrayBuffer): unknown;
  }
}
declare module 'three/examples/jsm/loaders/usd/USDComposer.js' {
  import type { Group, LoadingManager } from 'three';
  export class USDComposer {
    constructor(manager?: LoadingManager);
    compose(
      parsedData: unknown,
      assets?: Record<string, unknown>,
      variantSelections?: Record<string, string>,
      basePath?: string,
    ): Group;
  }
}
declare module 'draco3dgltf' {
  const draco3d: {
    createDecoderModule(options?: object): Promise<unknown>;
    createEncoderModule(options?: object): Promise<unknown>;
  };
  export default draco3d;
}
