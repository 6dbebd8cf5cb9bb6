export { parseBookToc } from './toc.js';
export { parseGuidelinePart } from './part.js';
export { chunkPart, DEFAULT_TOKEN_BUDGET } from './chunker.js';
export { estimateTokens } from './tokens.js';
export { partKind, shouldIngestPart, type PartFileKind } from './part-kind.js';
export { isParseError, parseError, type ParseError, type ParseErrorCode } from './parse-error.js';
export type * from './types.js';
export { decodeXmlBytes } from './xml-encoding.js';
