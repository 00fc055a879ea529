/** The HTTP surface: `buildApp` plus the helpers clients and tests share. */
export { buildApp, type BuildAppOptions, type AppConfig } from './app.ts';
export type { ApiServices } from './types.ts';
export { signedFileUrl, verifyFileSignature, filePath } from './signed-url.ts';
export { UNAUTHORIZED_MESSAGE } from './auth.ts';
