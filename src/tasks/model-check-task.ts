/** What is wrong with an uploaded model, as the engines' importer sees it (null when it imports). */
import { importModel, isGeometryInputError } from '../geometry/import/index.ts';

export async function importProblem(bytes: Uint8Array, filename: string): Promise<string | null> {
  try {
    await importModel(bytes, { filename });
    return null;
  } catch (error) {
    if (isGeometryInputError(error)) return error.message;
    throw error;
  }
}
