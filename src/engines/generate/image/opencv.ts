/** Loads OpenCV (WASM build of @techstark/opencv-js) once per process; about half a second. */
// The package's typings are large and loose; the few calls used here are typed at their use.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenCv = any;

// The Emscripten module object is a thenable that resolves to itself: awaiting it (or returning it
// from an async function) never settles. It is therefore always passed around wrapped in a box.
let loading: Promise<{ cv: OpenCv }> | undefined;

export function loadOpenCv(): Promise<{ cv: OpenCv }> {
  loading ??= (async () => {
    const mod = (await import('@techstark/opencv-js')) as { default?: OpenCv; cv?: OpenCv };
    const cv: OpenCv = mod.default ?? mod.cv;
    if (!cv.Mat) {
      await new Promise<void>((resolve) => {
        const previous = cv.onRuntimeInitialized;
        cv.onRuntimeInitialized = () => {
          previous?.();
          resolve();
        };
        // Initialisation may have finished between the check and the hook.
        if (cv.Mat) resolve();
      });
    }
    return { cv };
  })();
  return loading;
}
