/**
 * Reads one file of knowledge/ (YAML) and checks it against its schema; a bad entry throws naming the
 * file, the entry's path and what is wrong, so start-up stops with the fix in view.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';

/** `text` parsed as YAML and checked by `schema`; `origin` names the file in the error. */
export function parseKnowledge<T>(text: string, schema: z.ZodType<T>, origin: string): T {
  const parsed = schema.safeParse(parseYaml(text));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${origin}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
}

/** The file knowledge/`name`, parsed and checked. */
export function readKnowledgeFile<T>(name: string, schema: z.ZodType<T>): T {
  return parseKnowledge(readFileSync(new URL(`../../knowledge/${name}`, import.meta.url), 'utf8'), schema, `knowledge/${name}`);
}
