import iconv from 'iconv-lite';
import { parseError } from './parse-error.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const UTF8_NAMES = new Set(['utf-8', 'utf8']);
// As in the WHATWG Encoding Standard: files labelled Latin-1 or ASCII are in practice Windows-1252
// (0x80-0x9F are C1 controls in true Latin-1, never meant as text, but curly quotes and dashes in 1252).
const WINDOWS_1252_ALIASES = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'l1', 'us-ascii', 'ascii', 'windows-1252', 'cp1252']);
/** Enough bytes to hold an XML declaration (after a byte-order mark). */
const DECLARATION_WINDOW = 256;

/**
 * Decodes an XML file's bytes to text by its byte-order mark, else its declared encoding, else as
 * UTF-8 (the XML default). Throws ParseError('bad_encoding') naming `fileName` when the declared
 * encoding is unknown or the bytes are not valid in it, so a file is skipped and named instead of
 * having its characters silently replaced by U+FFFD.
 */
export function decodeXmlBytes(bytes: Uint8Array, fileName: string): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return iconv.decode(buffer, 'utf-16le');
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return iconv.decode(buffer, 'utf-16be');
  const hasUtf8Bom = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
  const declared = declaredEncoding(buffer.subarray(hasUtf8Bom ? 3 : 0, DECLARATION_WINDOW));
  if (declared === null || UTF8_NAMES.has(declared) || hasUtf8Bom) return utf8(buffer, fileName, declared !== null);
  if (WINDOWS_1252_ALIASES.has(declared)) return iconv.decode(buffer, 'win1252');
  if (!iconv.encodingExists(declared)) {
    throw parseError('bad_encoding', `${fileName}: declares encoding "${declared}", which this parser cannot decode; convert the file to UTF-8`, { fileName });
  }
  return iconv.decode(buffer, declared);
}

/** The lower-case encoding name in a leading `<?xml ... encoding="..."?>`, or null. */
function declaredEncoding(head: Buffer): string | null {
  // The declaration is ASCII in every ASCII-compatible encoding, so reading it as latin1 is safe.
  const text = head.toString('latin1');
  if (!text.startsWith('<?xml')) return null;
  const end = text.indexOf('?>');
  const declaration = end === -1 ? text : text.slice(0, end);
  return /\sencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(declaration)?.[1]?.toLowerCase() ?? null;
}

function utf8(buffer: Buffer, fileName: string, declared: boolean): string {
  try {
    return strictUtf8.decode(buffer);
  } catch {
    const at = firstInvalidUtf8Byte(buffer);
    const fix = declared
      ? 'it is declared UTF-8 but is not; fix its encoding declaration or convert it to UTF-8'
      : 'no encoding is declared, so it must be UTF-8; add encoding="windows-1252" (or the right one) to its XML declaration or convert it to UTF-8';
    throw parseError('bad_encoding', `${fileName}: not valid UTF-8 at byte ${at}: ${fix}`, { fileName });
  }
}

/** Offset of the first byte that starts an invalid UTF-8 sequence (only on the error path). */
function firstInvalidUtf8Byte(buffer: Buffer): number {
  let offset = 0;
  while (offset < buffer.length) {
    const lead = buffer[offset] ?? 0;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0 || offset + length > buffer.length) return offset;
    try {
      strictUtf8.decode(buffer.subarray(offset, offset + length));
    } catch {
      return offset;
    }
    offset += length;
  }
  return offset;
}
