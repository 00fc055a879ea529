/**
 * The converted model's textures. With the model's own UVs kept, its maps are kept (resized to
 * `texture_resolution` when one is asked for). With a new atlas, every material's base colour (texture
 * × factor) is baked over the new UVs into one map, read at each texel's point in the old UVs of the
 * same triangle (the atlas keeps triangle and corner order).
 */
import sharp from 'sharp';
import type { Material, Mesh, RasterImage, Texture } from '../../geometry/mesh.ts';
import { bakeTexture, triangleMaterials } from '../../geometry/ops/index.ts';
import { textureImage } from '../../geometry/texture.ts';

/** Texture edge of a new atlas when the request gives no texture_resolution. */
export const DEFAULT_ATLAS_RESOLUTION = 2048;

async function resized(texture: Texture | undefined, size: number): Promise<Texture | undefined> {
  if (!texture) return undefined;
  const image = await textureImage(texture);
  if (image.width === size && image.height === size) return texture;
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .resize(size, size, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out: RasterImage = {
    width: info.width,
    height: info.height,
    channels: info.channels as RasterImage['channels'],
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
  return { name: texture.name, image: out };
}

/** Every map of every material at size × size. */
export async function resizeMaps(materials: Material[], size: number): Promise<Material[]> {
  return Promise.all(
    materials.map(async (m) => ({
      ...m,
      baseColorTexture: await resized(m.baseColorTexture, size),
      metallicRoughnessTexture: await resized(m.metallicRoughnessTexture, size),
      normalTexture: await resized(m.normalTexture, size),
    })),
  );
}

function sampler(image: RasterImage): (u: number, v: number, out: Float32Array) => void {
  const { width: W, height: H, channels: C, data } = image;
  return (u, v, out) => {
    // Repeat wrapping (glTF's default sampler), bilinear between texel centres.
    const x = (((u % 1) + 1) % 1) * W - 0.5,
      y = (((v % 1) + 1) % 1) * H - 0.5;
    const x0 = Math.floor(x),
      y0 = Math.floor(y),
      tx = x - x0,
      ty = y - y0;
    const wrapX = (i: number) => ((i % W) + W) % W,
      wrapY = (i: number) => ((i % H) + H) % H;
    const corners = [
      [wrapX(x0), wrapY(y0), (1 - tx) * (1 - ty)],
      [wrapX(x0 + 1), wrapY(y0), tx * (1 - ty)],
      [wrapX(x0), wrapY(y0 + 1), (1 - tx) * ty],
      [wrapX(x0 + 1), wrapY(y0 + 1), tx * ty],
    ];
    out.fill(0);
    for (const [cx, cy, w] of corners) {
      const o = (cy * W + cx) * C;
      const r = data[o],
        g = C >= 3 ? data[o + 1] : r,
        b = C >= 3 ? data[o + 2] : r,
        a = C === 4 ? data[o + 3] : C === 2 ? data[o + 1] : 255;
      out[0] += r * w;
      out[1] += g * w;
      out[2] += b * w;
      out[3] += a * w;
    }
    for (let k = 0; k < 4; k++) out[k] /= 255;
  };
}

/** linear → sRGB for factors (textures already hold sRGB; factors multiply them in linear light, approximated per channel here). */
const toSrgb = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * Math.pow(v, 1 / 2.4) - 0.055);

/** The old materials' base colour baked over `atlas` (new UVs) from `source` (old UVs, same triangles). */
export async function transferBaseColour(
  source: Mesh,
  atlas: Mesh,
  materials: Material[],
  size: number,
): Promise<RasterImage> {
  const samplers = await Promise.all(
    materials.map(async (m) => (m.baseColorTexture ? sampler(await textureImage(m.baseColorTexture)) : null)),
  );
  const materialOf = triangleMaterials(source);
  const I = source.indices,
    UV = source.uvs;
  const texel = new Float32Array(4);
  return bakeTexture(atlas, {
    size,
    channels: 4,
    shade(out, _position, _normal, triangle, bary) {
      const material = materials[materialOf[triangle]];
      const factor = material?.baseColor ?? [0.8, 0.8, 0.8, 1];
      const sample = samplers[materialOf[triangle]];
      if (sample && UV) {
        const a = I[triangle * 3] * 2,
          b = I[triangle * 3 + 1] * 2,
          c = I[triangle * 3 + 2] * 2;
        sample(
          bary[0] * UV[a] + bary[1] * UV[b] + bary[2] * UV[c],
          bary[0] * UV[a + 1] + bary[1] * UV[b + 1] + bary[2] * UV[c + 1],
          texel,
        );
      } else texel.fill(1);
      for (let k = 0; k < 3; k++) out[k] = factor[k] === 1 ? texel[k] : texel[k] * toSrgb(factor[k]);
      out[3] = texel[3] * factor[3];
    },
  });
}
