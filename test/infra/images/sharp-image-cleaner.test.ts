import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/core/app-error.js';
import { createSharpImageCleaner } from '../../../src/infra/images/sharp-image-cleaner.js';
import { jpegWithGpsExif } from '../../support/jpeg-exif.js';

describe('the sharp image cleaner', () => {
  const cleaner = createSharpImageCleaner();

  it('drops EXIF with a GPS block and keeps the picture', async () => {
    const photo = await jpegWithGpsExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const clean = await cleaner.clean(photo);
    const meta = await sharp(clean.bytes).metadata();
    expect(clean.mimeType).toBe('image/jpeg');
    expect([meta.width, meta.height, meta.exif, meta.xmp, meta.iptc]).toEqual([64, 48, undefined, undefined, undefined]);
  });

  it('turns a photo upright by its EXIF orientation before dropping it', async () => {
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: 'white' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const meta = await sharp((await cleaner.clean(sideways)).bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([20, 40, undefined]);
  });

  it('refuses bytes that are no image', async () => {
    const error = await cleaner.clean(Buffer.from('OggS not a picture')).catch((e: unknown) => e);
    expect(isAppError(error, 'media_unreadable')).toBe(true);
  });
});
