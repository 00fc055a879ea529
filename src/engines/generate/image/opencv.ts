/** Loads OpenCV (WASM build of @techstark/opencv-js) once per process; about half a second. */
// The package's typings are large and loose; the few calls used here are typed at their use.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenCv = any;

let loading: Promise<OpenCv> | undefined;

export function loadOpenCv(): Promise<OpenCv> {
  loading ??= (async () => {
    const mod = await import('@techstark/opencv-js');
    let cv = (mod as { default?: unknown }).default ?? mod;
    if (cv instanceof Promise) cv = await cv;
    const ready = cv as OpenCv;
    if (!ready.Mat) await new Promise<void>((resolve) => (ready.onRuntimeInitialized = () => resolve()));
    return ready;
  })();
  return loading;
}
