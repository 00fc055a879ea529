/** What is wrong with an uploaded model, as the engines' importer sees it (null when it imports). */
import { importModel, isGeometryInputError } from '../geometry/import/index.ts';
import { prescanModel } from '../geometry/import/prescan.ts';

/** What the readers' structural checks refuse in an uploaded model, without parsing it (null when none). */
export function scanProblem(bytes: Uint8Array, filename: string): string | null {
  try {
    prescanModel(bytes, { filename });
    return null;
  } catch (error) {
    if (isGeometryInputError(error)) return error.message;
    throw error;
  }
}

export async function importProblem(bytes: Uint8Array, filename: string): Promise<string | null> {
  try {
    await importModel(bytes, { filename });
    return null;
  } catch (error) {
    if (isGeometryInputError(error)) return error.message;
    throw error;
  }
}
