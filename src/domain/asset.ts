/**
 * What an asset-mode request (Bang, texture, convert) starts from, and the format detector the task
 * layer hands in so domain stays free of geometry.
 */
import type { GenerateSpec, ModelFormat } from './task-spec.ts';

/**
 * Recognises a model from its bytes (the name only breaks ties), or null when it is no readable model.
 * Passed in by the caller (the task layer hands over geometry's detector) so domain stays pure.
 */
export type ModelFormatDetector = (bytes: Uint8Array, filename?: string) => ModelFormat | null;

/** The stored settings of a task whose model an asset-mode request reads. */
export type AssetSettings = Pick<GenerateSpec, 'material' | 'geometryFileFormat'> &
  Partial<Pick<GenerateSpec, 'textureResolution' | 'seed'>>;

/** A completed task of the same account (a generation, retexture or conversion) whose model is the source. */
export interface StoredAsset {
  taskId: string;
  /** The source task's settings. */
  spec: AssetSettings;
}
