/**
 * The images a knowledge-base archive may carry, judged by their first bytes, never by
 * their names: a `.png` that holds HTML is refused, a PNG named `.jpg` is a PNG. Raster
 * formats only: SVG can carry scripts, and the portal serves images from its own origin.
 * Assumed (`D-KB-IMAGES`, evidence KB-SYNC in api-beyond-the-seed.md §13), as Laravel's
 * `image` rule accepts them without SVG.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export const ACCEPTED_IMAGES = 'PNG, JPEG, GIF or WebP';

const startsWith = (bytes: Uint8Array, at: number, signature: readonly number[]) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** The image type the bytes start like, or null when they are not an accepted image. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, PNG)) return 'image/png';
  if (startsWith(bytes, 0, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, 0, GIF87) || startsWith(bytes, 0, GIF89)) return 'image/gif';
  if (startsWith(bytes, 0, RIFF) && startsWith(bytes, 8, WEBP)) return 'image/webp';
  return null;
}

const MB = 1024 * 1024;

/**
 * Bounds on the images of one upload (assumed, `D-KB-IMAGES`). An image is held in memory
 * while the upload is read and then stored in the database, so they are bounded well
 * below the archive's own limits.
 */
export const IMAGE_LIMITS = {
  /** Bytes of one image (Laravel's common `max:10240`, in kilobytes). */
  maxImageBytes: 10 * MB,
  /** Bytes of all the images of one upload. */
  maxTotalBytes: 50 * MB,
  /** Images in one upload. */
  maxImages: 1000,
} as const;

export type ImageLimits = { [K in keyof typeof IMAGE_LIMITS]: number };
