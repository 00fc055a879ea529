/** The spec's rules as pure functions: raw request in, typed task spec (or a precise error) out. */
export * from './task-spec.ts';
export * from './input-file.ts';
export * from './raw-request.ts';
export * from './tiers.ts';
export * from './texture-resolution.ts';
export * from './pricing.ts';
export * from './mesh-rules.ts';
export * from './image-type.ts';
export * from './generate-request.ts';
export * from './bang-request.ts';
export * from './model-source.ts';
export * from './texture-request.ts';
export * from './convert-request.ts';
export * from './rig-request.ts';
