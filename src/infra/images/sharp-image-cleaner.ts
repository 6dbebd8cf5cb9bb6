import sharp from 'sharp';
import { AppError } from '../../core/app-error.js';
import type { ImageCleaner } from '../../consult/media/ports.js';

/** Largest image decoded, in pixels: a small file that unpacks to a huge bitmap is refused. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * An ImageCleaner over sharp (libvips): the photo is decoded and written again as JPEG. sharp writes
 * no metadata unless asked to, so EXIF (GPS location, camera, time), XMP, IPTC and comments are gone;
 * the EXIF orientation is applied first so the picture stays upright.
 */
export function createSharpImageCleaner(options: { quality?: number } = {}): ImageCleaner {
  return {
    async clean(image) {
      try {
        const bytes = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .jpeg({ quality: options.quality ?? 85, mozjpeg: false })
          .toBuffer();
        return { bytes: new Uint8Array(bytes), mimeType: 'image/jpeg' };
      } catch (error) {
        throw new AppError('media_unreadable', 'photo could not be decoded', { cause: error });
      }
    },
  };
}
