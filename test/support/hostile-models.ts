/** Issue 17's model reproductions: tiny USD layers that used to allocate gigabytes or hold a worker. */

/** 151 bytes declaring one billion polygon corners backed by three indices. */
export const USDA_CORNER_BOMB = `#usda 1.0
def Mesh "m" {
  int[] faceVertexCounts = [1000000000]
  int[] faceVertexIndices = [0, 1, 2]
  point3f[] points = [(0,0,0), (1,0,0), (0,1,0)]
}
`;

/** `levels` nested `def Xform` blocks. */
export function nestedUsda(levels: number): string {
  return `#usda 1.0\n${'def Xform "x" {\n'.repeat(levels)}${'}\n'.repeat(levels)}`;
}
