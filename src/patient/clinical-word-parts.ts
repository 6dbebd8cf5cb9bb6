/**
 * Whether a word no dictionary lists is built like a clinical word, from the parts in
 * knowledge/clinical-word-parts.yaml: "periorbital" (peri + orbital), "omphalitis" (-itis).
 */
import { z } from 'zod';
import { isKnownWord } from './known-words.js';
import { readKnowledgeFile } from './knowledge-file.js';

const partsFile = z.object({
  version: z.literal(1),
  suffixes: z.array(z.string().regex(/^[a-z]+$/)).min(1),
  prefixes: z.array(z.string().regex(/^[a-z]+$/)).min(1),
});

let parts: z.infer<typeof partsFile> | undefined;

/** True for a word ending with a clinical suffix after three letters or more, or a clinical prefix before a word. */
export function isClinicalWordForm(word: string, depth = 0): boolean {
  parts ??= readKnowledgeFile('clinical-word-parts.yaml', partsFile);
  const lower = word.toLowerCase();
  if (parts.suffixes.some((s) => lower.endsWith(s) && lower.length - s.length >= 3)) return true;
  if (depth > 1) return false;
  return parts.prefixes.some((p) => {
    const rest = lower.slice(p.length);
    return lower.startsWith(p) && rest.length >= 3 && (isKnownWord(rest) || isClinicalWordForm(rest, depth + 1));
  });
}
