/**
 * Generalization sets (issue 57): books in the corpus's own package format that no rule was written for,
 * with scenarios whose MUST / MUST NOT lines come from those books' text. A set lives in
 * eval/plans/books/<name>/: `books/` (book folders, each with TOC.nxml) and `scenarios.json`.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { PlanScenario } from './scenarios.js';

export const BOOK_SETS_DIR = fileURLToPath(new URL('./books', import.meta.url));

const expectation = z.object({ pattern: z.string().min(1), flags: z.string().regex(/^[gimsuy]*$/).optional(), why: z.string().optional() });
const scenarioSchema = z.object({
  id: z.string().min(1),
  book: z.string().min(1),
  population: z.string().default(''),
  messages: z.array(z.string().min(1)).min(1),
  urgent: z.boolean().optional(),
  mustSay: z.array(expectation).default([]),
  mustNotSay: z.array(expectation).default([]),
  mustCite: z.array(expectation).default([]),
  mustNotCite: z.array(expectation).default([]),
});

export interface BookSet {
  name: string;
  booksDir: string;
  scenarios: PlanScenario[];
}

/** Reads a set by name; a bad scenario or regex stops with the scenario id and field. */
export async function readBookSet(name: string, root = BOOK_SETS_DIR): Promise<BookSet> {
  const dir = join(root, name);
  const booksDir = join(dir, 'books');
  if (!(await stat(booksDir).then((s) => s.isDirectory(), () => false))) throw new Error(`book set "${name}": no folder ${booksDir}`);
  const raw: unknown = JSON.parse(await readFile(join(dir, 'scenarios.json'), 'utf8'));
  const parsed = z.array(scenarioSchema).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`book set "${name}" scenarios.json: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const scenarios = parsed.data.map((s): PlanScenario => {
    const compile = (field: string, list: z.infer<typeof expectation>[]) =>
      list.map((e, i) => {
        try {
          return new RegExp(e.pattern, (e.flags ?? '').replace('g', ''));
        } catch (error) {
          throw new Error(`book set "${name}" scenario ${s.id} ${field}[${i}]: ${(error as Error).message}`);
        }
      });
    return {
      id: s.id,
      book: s.book,
      population: s.population,
      messages: s.messages,
      mustSay: compile('mustSay', s.mustSay),
      mustNotSay: compile('mustNotSay', s.mustNotSay),
      mustCite: compile('mustCite', s.mustCite),
      mustNotCite: compile('mustNotCite', s.mustNotCite),
      ...(s.urgent === undefined ? {} : { urgent: s.urgent }),
    };
  });
  return { name, booksDir, scenarios };
}
