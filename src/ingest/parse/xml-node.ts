/**
 * A node of fast-xml-parser's `preserveOrder` output: one key naming the element (or '#text'), whose
 * value is the ordered child list (or the text), plus ':@' holding the attributes.
 */
export type XmlNode = { [key: string]: unknown; ':@'?: Record<string, string> };
