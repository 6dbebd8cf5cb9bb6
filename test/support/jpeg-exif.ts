import sharp from 'sharp';

/**
 * A JPEG with an EXIF block holding a GPS position (5 deg 36' 12.34" N), as a phone camera writes it:
 * an APP1 "Exif" segment with a little-endian TIFF header, IFD0 pointing at a GPS IFD.
 */
export async function jpegWithGpsExif(): Promise<Buffer> {
  const plain = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } }).jpeg().toBuffer();
  const tiff = Buffer.alloc(80);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0: one entry, GPSInfo (0x8825, LONG) -> the GPS IFD at 26.
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x8825, 10);
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(26, 18);
  tiff.writeUInt32LE(0, 22);
  // GPS IFD: GPSLatitudeRef "N", GPSLatitude (3 RATIONALs at 56).
  tiff.writeUInt16LE(2, 26);
  tiff.writeUInt16LE(1, 28);
  tiff.writeUInt16LE(2, 30);
  tiff.writeUInt32LE(2, 32);
  tiff.write('N\u0000', 36, 'latin1');
  tiff.writeUInt16LE(2, 40);
  tiff.writeUInt16LE(5, 42);
  tiff.writeUInt32LE(3, 44);
  tiff.writeUInt32LE(56, 48);
  tiff.writeUInt32LE(0, 52);
  for (const [i, [num, den]] of [[5, 1], [36, 1], [1234, 100]].entries()) {
    tiff.writeUInt32LE(num as number, 56 + i * 8);
    tiff.writeUInt32LE(den as number, 60 + i * 8);
  }
  const exif = Buffer.concat([Buffer.from('Exif\u0000\u0000', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.from([(exif.length + 2) >> 8, (exif.length + 2) & 0xff]), exif]);
  return Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
}
