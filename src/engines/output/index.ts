/** The engines' output stage: what a task's download files are called and how a scene becomes them. */
export { exportScene, type ExportOptions } from './export-scene.ts';
export { variantsOf, modelFileName, modelStem, textureFileName, type VariantKind } from './download-names.ts';
export { partName } from './piece-names.ts';
