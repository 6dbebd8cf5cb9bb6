import iconv from 'iconv-lite';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes bytes as UTF-8 when they are valid UTF-8, else as Windows-1252 (which NCBI's file list has
 * used). A leading UTF-8 byte-order mark is dropped.
 */
export function decodeUtf8OrWindows1252(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    return { text: strictUtf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    // Any byte sequence is valid Windows-1252, so this never fails.
    return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'win1252'), encoding: 'windows-1252' };
  }
}
