/**
 * The words of knowledge/patient-words.yaml (who the patient is, in French, Pidgin and Kiswahili)
 * compiled into rewrites of the normal form, so the demographic reader, written for English, reads
 * "enceinte de 32 semaines" as "32 weeks pregnant". The data says what; this only compiles it.
 */
import { z } from 'zod';
import { readKnowledgeFile } from './knowledge-file.js';

const patientWordsFile = z.object({
  version: z.literal(1),
  words: z.array(
    z.object({
      says: z.partialRecord(z.enum(['fr', 'pcm', 'sw', 'en']), z.array(z.string().min(1)).min(1)),
      reads: z.string().min(1),
      source: z.string().min(1),
    }),
  ),
});

export type PatientWordsFile = z.infer<typeof patientWordsFile>;

/** One rewrite: every match of `pattern` becomes `replacement` (with the number it captured). */
export interface PatientWordRewrite {
  readonly pattern: RegExp;
  readonly replacement: (whole: string, ...groups: string[]) => string;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;

/** A `says` phrasing as a pattern over the normal form. */
export function phrasingPattern(phrasing: string): RegExp {
  const tokens = phrasing.trim().split(/\s+/);
  let source = '';
  tokens.forEach((token, i) => {
    const optional = token.endsWith('?') && token.length > 1;
    const word = optional ? token.slice(0, -1) : token;
    const body =
      word === '{n}'
        ? NUMBER
        : word
            .split('|')
            .map((alternative) => (alternative.endsWith('*') ? `${escape(alternative.slice(0, -1))}[a-z]*` : escape(alternative)))
            .join('|');
    const unit = `(?:${body})`;
    // A number may sit right against its unit ("32sa", "5j"); two words need a space or a hyphen.
    const beside = word === '{n}' || tokens[i - 1] === '{n}';
    const separator = i === 0 ? '' : beside ? String.raw`\s*` : String.raw`[\s-]+`;
    source += optional ? `(?:${separator}${unit})?` : `${separator}${unit}`;
  });
  return new RegExp(String.raw`(?<![a-z0-9])${source}(?![a-z])`, 'g');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/-/g, '[- ]?');
}

/** The file's entries in order, each phrasing of each language one rewrite. */
export function compilePatientWords(file: PatientWordsFile): PatientWordRewrite[] {
  return file.words.flatMap((entry) =>
    Object.values(entry.says)
      .flat()
      .map((phrasing) => ({
        pattern: phrasingPattern(phrasing),
        replacement: (_whole: string, ...groups: string[]) => entry.reads.replace('{n}', typeof groups[0] === 'string' ? groups[0] : ''),
      })),
  );
}

let compiled: PatientWordRewrite[] | undefined;

/** The rewrites of knowledge/patient-words.yaml, read and compiled once. */
export function patientWordRewrites(): PatientWordRewrite[] {
  compiled ??= compilePatientWords(readKnowledgeFile('patient-words.yaml', patientWordsFile));
  return compiled;
}
