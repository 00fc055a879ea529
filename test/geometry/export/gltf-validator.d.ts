// The Khronos validator ships no type declarations; this covers the one call the tests make.
declare module 'gltf-validator' {
  export function validateBytes(data: Uint8Array, options?: { maxIssues?: number; uri?: string }): Promise<unknown>;
  const validator: { validateBytes: typeof validateBytes };
  export default validator;
}
