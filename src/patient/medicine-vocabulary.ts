/**
 * The medicines and drug classes of knowledge/medicines.yaml, checked against their schema and compiled
 * once into the patterns that find them in a text. The data says which medicines exist; this only reads it.
 */
import { z } from 'zod';
import { parseKnowledge, readKnowledgeFile } from './knowledge-file.js';

const words = z.array(z.string().min(1)).min(1);

const medicinesFile = z
  .object({
    version: z.literal(1),
    classes: z.array(
      z.object({
        name: z.string().min(1),
        words,
        allergy_cross_reacts: z.boolean().default(false),
        allergy_words: words.optional(),
        one_regimen: z.boolean().default(false),
        source: z.string().min(1),
      }),
    ),
    medicines: z.array(
      z.object({
        name: z.string().min(1),
        other_names: words.optional(),
        short_forms: words.optional(),
        classes: z.array(z.string().min(1)).optional(),
        source: z.string().min(1),
      }),
    ),
  })
  .superRefine((file, ctx) => {
    const classNames = new Set(file.classes.map((c) => c.name));
    const seen = new Set<string>();
    file.medicines.forEach((medicine, i) => {
      if (medicine.name !== medicine.name.toLowerCase()) ctx.addIssue({ code: 'custom', path: ['medicines', i, 'name'], message: `"${medicine.name}" must be lower case` });
      if (seen.has(medicine.name)) ctx.addIssue({ code: 'custom', path: ['medicines', i, 'name'], message: `"${medicine.name}" is listed twice` });
      seen.add(medicine.name);
      for (const drugClass of medicine.classes ?? []) {
        if (!classNames.has(drugClass)) ctx.addIssue({ code: 'custom', path: ['medicines', i, 'classes'], message: `unknown class "${drugClass}"` });
      }
    });
  });

export type MedicinesFile = z.infer<typeof medicinesFile>;

/** A drug class as the engine uses it: its members, the words that name it, and what an allergy to it rules out. */
export interface DrugClass {
  readonly name: string;
  readonly members: readonly string[];
  /** Finds the class's words (a plural too) in lower-case text. */
  readonly pattern: RegExp;
  readonly allergyCrossReacts: boolean;
  /** The class's words and its allergy words, for reading an allergy. */
  readonly allergyPattern: RegExp;
  /** Two members given for one illness are alternatives: a plan gives the first choice. */
  readonly oneRegimen: boolean;
}

export interface MedicineVocabulary {
  /** Finds every medicine name and other name, case-insensitive; the match maps to its medicine by `byWord`. */
  readonly namePattern: RegExp;
  /** Lower-case name or other name (spaces for hyphens) -> the medicine. */
  readonly byWord: ReadonlyMap<string, string>;
  /** Finds the short forms in the case written; `byShortForm` maps each to its medicine. */
  readonly shortFormPattern: RegExp | undefined;
  readonly byShortForm: ReadonlyMap<string, string>;
  /** The short forms in any case ("sp", "iptp-sp"), for text that lost its case; `byShortFormLower` maps them. */
  readonly shortFormAnyCasePattern: RegExp | undefined;
  readonly byShortFormLower: ReadonlyMap<string, string>;
  readonly classes: readonly DrugClass[];
  readonly medicines: readonly string[];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name as a pattern: a hyphen or a space between its words matches either; `*` any ending. */
export const wordPattern = (word: string): string => escapeRegExp(word).replace(/\\\*/g, '\\p{L}*').replace(/[- ]+/g, '[- ]');
/** The key a matched name is looked up by. */
export const wordKey = (word: string): string => word.toLowerCase().replace(/[- ]+/g, ' ');
const wholeWords = (alternatives: readonly string[], plural = false): string =>
  `(?<![\\p{L}\\d-])(?:${[...alternatives].sort((a, b) => b.length - a.length).map(wordPattern).join('|')})${plural ? 's?' : ''}(?![\\p{L}\\d-])`;

export function compileVocabulary(file: MedicinesFile): MedicineVocabulary {
  const byWord = new Map<string, string>();
  const byShortForm = new Map<string, string>();
  for (const medicine of file.medicines) {
    for (const word of [medicine.name, ...(medicine.other_names ?? [])]) byWord.set(wordKey(word), medicine.name);
    for (const short of medicine.short_forms ?? []) byShortForm.set(short, medicine.name);
  }
  const classes = file.classes.map((c): DrugClass => ({
    name: c.name,
    members: file.medicines.filter((m) => m.classes?.includes(c.name)).map((m) => m.name),
    pattern: new RegExp(wholeWords(c.words, true), 'giu'),
    allergyCrossReacts: c.allergy_cross_reacts,
    allergyPattern: new RegExp(wholeWords([...c.words, ...(c.allergy_words ?? [])], true), 'iu'),
    oneRegimen: c.one_regimen,
  }));
  const shorts = [...byShortForm.keys()].sort((a, b) => b.length - a.length);
  const shortAlternatives = shorts.map(escapeRegExp).join('|');
  return {
    namePattern: new RegExp(wholeWords(file.medicines.flatMap((m) => [m.name, ...(m.other_names ?? [])])), 'giu'),
    byWord,
    shortFormPattern: shorts.length ? new RegExp(`(?<![\\p{L}\\d-])(?:${shortAlternatives})(?![\\p{L}\\d-])`, 'gu') : undefined,
    byShortForm,
    shortFormAnyCasePattern: shorts.length ? new RegExp(`(?<![\\p{L}\\d-])(?:${shortAlternatives})(?![\\p{L}\\d-])`, 'giu') : undefined,
    byShortFormLower: new Map([...byShortForm].map(([short, drug]) => [short.toLowerCase(), drug])),
    classes,
    medicines: file.medicines.map((m) => m.name),
  };
}

/** A medicines file's text, checked: a bad entry throws naming `origin`, the entry and the field. */
export function parseMedicinesFile(text: string, origin: string): MedicinesFile {
  return parseKnowledge(text, medicinesFile, origin);
}

let vocabulary: MedicineVocabulary | undefined;

/** The vocabulary of knowledge/medicines.yaml, read and compiled once. */
export function medicineVocabulary(): MedicineVocabulary {
  vocabulary ??= compileVocabulary(readKnowledgeFile('medicines.yaml', medicinesFile));
  return vocabulary;
}
