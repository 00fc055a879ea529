/** An uploaded file as a resolved submission carries it to the task service and on to the engine. */
export interface InputFile {
  /**
   * Where the bytes came from: `images` (generation uploads, in order), `model` and `image`
   * (Bang custom-model mode), `asset` (Bang asset mode: the source generation's model file) and
   * `asset-file` (Bang asset mode: the files that model refers to by name, such as an OBJ's .mtl and maps).
   */
  field: string;
  /** The name as uploaded or stored; never trusted for the format (detect from bytes). */
  filename: string;
  bytes: Uint8Array;
}
