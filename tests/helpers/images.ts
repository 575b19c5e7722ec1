import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif';

export interface ImageOptions {
  width?: number;
  height?: number;
  format?: ImageFormat;
  /** EXIF Orientation tag (JPEG): 6 = the camera was turned, the viewer must rotate 90° clockwise. */
  orientation?: number;
  /** Writes EXIF (camera, GPS-like text, copyright) into a JPEG, as a phone would. */
  exif?: boolean;
}

/** A real, decodable image of a flat colour. */
export async function makeImage({
  width = 800,
  height = 600,
  format = 'png',
  orientation,
  exif = false,
}: ImageOptions = {}): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 200, b: 90 } } });
  if (exif || orientation) {
    image = image
      .withExif({
        IFD0: { Make: 'Mercado Gamer Cam', Model: 'Teste', Copyright: 'Vendedor Teste' },
        ...(exif && { IFD3: { GPSLatitudeRef: 'S', GPSLongitudeRef: 'W' } }),
      })
      .withMetadata(orientation ? { orientation } : {});
  }
  return image.toFormat(format).toBuffer();
}

/** A real PNG of random pixels that no compression shrinks: over 6 MB, above the 5 MB limit. */
export async function makeLargeImage(): Promise<Buffer> {
  const width = 1500;
  const height = 1400;
  const pixels = randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A real JPEG of random pixels at the highest quality, as a phone's camera writes a detailed scene: over 5 MB
 * (the limit a photo must be brought under before it is sent).
 */
export async function makeLargeJpeg(): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  const pixels = randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** Text bytes under an image's name: what a renamed file looks like. */
export function makeTextFile(): Buffer {
  return Buffer.from('Isto não é uma imagem, só um texto com extensão .png\n'.repeat(20));
}

/**
 * A decompression bomb: a tiny PNG whose header declares width × height pixels (the IHDR chunk
 * rewritten, its checksum recomputed). Decoders that trust the header would allocate it all.
 */
export async function makePixelBomb(width = 10_000, height = 6_000): Promise<Buffer> {
  const png = Buffer.from(await makeImage({ width: 8, height: 8, format: 'png' }));
  // Signature (8 bytes), IHDR length (4), type (4), then width and height; the CRC covers type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
