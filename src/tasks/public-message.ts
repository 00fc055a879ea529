/**
 * Failure messages are shown to API callers: a crash's message may name server files (the data
 * directory, a module path, a temp file). Those paths are cut to their last segment; the service's own
 * URL paths (/api/…, /files/…, /docs) stay.
 */
const ABSOLUTE_PATH = /(?:file:\/\/)?(?:[A-Za-z]:)?(?:[\\/][^\s"'`<>|:;,()[\]{}\\/]+){2,}/g;
const PUBLIC_PATHS = /^\/(api|files|docs|metrics|healthz)(\/|$)/;

export function withoutServerPaths(message: string): string {
  return message.replace(ABSOLUTE_PATH, (path) => {
    if (PUBLIC_PATHS.test(path)) return path;
    const last = path.split(/[\\/]/).pop() ?? '';
    return `…/${last}`;
  });
}
