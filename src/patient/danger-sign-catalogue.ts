/**
 * The danger-sign catalogue (knowledge/danger-signs.yaml): its schema, and the file read once and
 * checked. A bad entry stops the program naming the entry and the field; knowledge/README.md says what
 * each field means for the clinician who reviews the file.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseKnowledge } from './knowledge-file.js';

export const LANGUAGES = ['en', 'en-wa', 'pcm', 'fr', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

export const QUANTITIES = [
  'temperature_c',
  'spo2_pct',
  'hb_g_dl',
  'systolic_mmhg',
  'diastolic_mmhg',
  'resp_rate_per_min',
  'muac_mm',
  'glucose_mmol_l',
  'heart_rate_per_min',
] as const;
export type Quantity = (typeof QUANTITIES)[number];

const wordings = z.partialRecord(z.enum(LANGUAGES), z.array(z.string().min(1)));

const measured = z
  .object({
    quantity: z.enum(QUANTITIES),
    at_least: z.number().optional(),
    above: z.number().optional(),
    below: z.number().optional(),
    at_most: z.number().optional(),
  })
  .strict()
  .refine((m) => [m.at_least, m.above, m.below, m.at_most].some((v) => v !== undefined), 'a measured condition needs a bound');

export type Condition =
  | { says: string }
  | { denies: string }
  | { measured: z.infer<typeof measured> }
  | { all: Condition[] }
  | { any: Condition[] }
  | { at_least: { n: number; of: Condition[] } }
  | { not: Condition };

const condition: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.object({ says: z.string() }).strict(),
    z.object({ denies: z.string() }).strict(),
    z.object({ measured }).strict(),
    z.object({ all: z.array(condition).min(1) }).strict(),
    z.object({ any: z.array(condition).min(1) }).strict(),
    z.object({ at_least: z.object({ n: z.number().int().min(1), of: z.array(condition).min(1) }).strict() }).strict(),
    z.object({ not: condition }).strict(),
  ]),
);

const source = z
  .object({
    repository: z.string(),
    file: z.string().optional(),
    document: z.string().optional(),
    table: z.string(),
    row: z.string(),
    licence: z.string(),
  })
  .passthrough();

const featureFields = {
  code: z.string().regex(/^[a-z][a-z0-9_]*$/),
  name: z.string().min(1),
  phrasings: wordings.optional(),
  ambiguous: wordings.optional(),
  other_readings: wordings.optional(),
  question: z.partialRecord(z.enum(LANGUAGES), z.string().min(1)).optional(),
};

const feature = z.object({ ...featureFields, source: source.optional() }).passthrough();

export const PREGNANCY_STATES = ['pregnant', 'postpartum', 'not_pregnant'] as const;
export type PregnancyState = (typeof PREGNANCY_STATES)[number];

const sign = z
  .object({
    ...featureFields,
    applies_to: z
      .object({
        age_months: z.object({ min: z.number().optional(), max: z.number().optional() }).optional(),
        age_must_be_known: z.boolean().optional(),
        pregnancy: z.array(z.enum(PREGNANCY_STATES)).optional(),
      })
      .optional(),
    counts_earlier_in_illness: z.boolean().optional(),
    when: condition.optional(),
    advice: z.object({ en: z.string().min(1) }).catchall(z.string()),
    source,
  })
  .passthrough()
  .refine((s) => s.when !== undefined || s.phrasings !== undefined || s.ambiguous !== undefined, 'a sign needs when: or phrasings:');

const catalogueFile = z.object({ version: z.literal(1), features: z.array(feature).default([]), signs: z.array(sign).min(1) });

export type CatalogueFeature = z.infer<typeof feature>;
export type CatalogueSign = z.infer<typeof sign>;
export interface DangerSignCatalogue {
  readonly features: readonly CatalogueFeature[];
  readonly signs: readonly CatalogueSign[];
  /** Every feature and sign by code. */
  readonly byCode: ReadonlyMap<string, CatalogueFeature | CatalogueSign>;
}

/** Parses and checks a catalogue's YAML text; throws naming the entry and field on a bad one. */
export function parseDangerSignCatalogue(yamlText: string, origin = 'danger-signs.yaml'): DangerSignCatalogue {
  const data = parseKnowledge(yamlText, catalogueFile, origin);
  const byCode = new Map<string, CatalogueFeature | CatalogueSign>();
  for (const entry of [...data.features, ...data.signs]) {
    if (byCode.has(entry.code)) throw new Error(`${origin}: code ${entry.code} is defined twice`);
    byCode.set(entry.code, entry);
  }
  for (const entry of data.signs) {
    for (const code of referencedCodes(entry.when)) {
      if (!byCode.has(code)) throw new Error(`${origin}: sign ${entry.code} refers to unknown code ${code}`);
    }
  }
  return { features: data.features, signs: data.signs, byCode };
}

function referencedCodes(cond: Condition | undefined): string[] {
  if (!cond) return [];
  if ('says' in cond) return [cond.says];
  if ('denies' in cond) return [cond.denies];
  if ('all' in cond) return cond.all.flatMap(referencedCodes);
  if ('any' in cond) return cond.any.flatMap(referencedCodes);
  if ('at_least' in cond) return cond.at_least.of.flatMap(referencedCodes);
  if ('not' in cond) return referencedCodes(cond.not);
  return [];
}

const CATALOGUE_URL = new URL('../../knowledge/danger-signs.yaml', import.meta.url);
let loaded: DangerSignCatalogue | undefined;

/** The shipped catalogue, read and checked once per process. */
export function dangerSignCatalogue(): DangerSignCatalogue {
  loaded ??= parseDangerSignCatalogue(readFileSync(CATALOGUE_URL, 'utf8'), 'knowledge/danger-signs.yaml');
  return loaded;
}
