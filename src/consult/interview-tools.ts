/**
 * The interview tools as the model sees them (names, descriptions, JSON Schemas) and the validation
 * every tool call passes before it can change a consult. Validation fails closed: a call that is not
 * offered, unknown or implausible is refused with a message the model can act on, and never executed.
 */
import { z } from 'zod';
import { FINDING_CATEGORIES, type Demographics, type Finding } from '../patient/findings.js';
import { ageInYears, UNDER_FIVE_UPPER_MONTHS } from '../patient/age.js';
import { MIN_PREGNANCY_AGE_YEARS, trimesterForWeeks } from '../patient/pregnancy.js';
import type { InterviewAction, InterviewToolName, ProposedDiagnosis } from './interview-model.js';

const MAX_AGE_YEARS = 120;
/** Age in months is asked for children under 5 (the IMCI age range), so it stays below 60. */
const AGE_MONTHS_LIMIT = UNDER_FIVE_UPPER_MONTHS;

/** A closed object whose unknown-key error names the fields it accepts, so the model can fix a misspelt one. */
function closedObject<Shape extends z.ZodRawShape>(shape: Shape) {
  const accepted = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}; the fields are ${accepted}` : undefined),
  });
}

const collectDemographicsShape = closedObject({
  age_years: z
    .number()
    .int('give completed years as a whole number; for a child under 5 also give age_months')
    .min(0, 'must be 0 or more')
    .max(MAX_AGE_YEARS, `must be at most ${MAX_AGE_YEARS} years`)
    .optional()
    .describe('Age in completed years (0 for a baby under one year).'),
  age_months: z
    .number()
    .min(0, 'must be 0 or more')
    .lt(AGE_MONTHS_LIMIT, 'must be below 60; give only age_years for a patient aged 5 or more')
    .optional()
    .describe('Total age in months (not the remainder after years), only for a child under 5, e.g. 18 for one and a half years.'),
  sex: z.enum(['female', 'male']).optional().describe('Sex of the patient.'),
  pregnant: z
    .boolean()
    .optional()
    .describe('Whether the patient is pregnant; ask every woman or girl of reproductive age (about 10 to 49 years).'),
  gestation_weeks: z
    .number()
    .min(1, 'must be at least 1 week')
    .max(45, 'must be at most 45 weeks')
    .optional()
    .describe('Gestational age in completed weeks, when pregnant.'),
  trimester: z
    .number()
    .int('must be 1, 2 or 3')
    .min(1, 'must be 1, 2 or 3')
    .max(3, 'must be 1, 2 or 3')
    .optional()
    .describe('Trimester (1: under 14 weeks, 2: 14 to 27, 3: 28 or more). Derived from gestation_weeks when that is given.'),
  in_labour: z.boolean().optional().describe('True when she is in labour now (contractions, waters broken); she is pregnant.'),
  postpartum: z.boolean().optional().describe('True when she gave birth in the last six weeks (the mother, not the baby).'),
  days_since_delivery: z.number().int().min(0).max(42).optional().describe('Days since she gave birth, when said.'),
  breastfeeding: z.boolean().optional().describe('True when she breastfeeds a baby now, false when she said she does not; leave out when not said.'),
  weight_kg: z
    .number()
    .min(0.5, 'must be at least 0.5 kg')
    .max(200, 'must be at most 200 kg')
    .optional()
    .describe('Body weight in kilograms; ask for every child.'),
}).describe('Only the fields the health worker has stated; leave out anything unknown.');

const recordFindingsShape = closedObject({
  findings: z
    .array(
      closedObject({
        category: z.enum(FINDING_CATEGORIES).describe('What kind of fact this is.'),
        value: z
          .string()
          .trim()
          .min(1, 'must not be empty')
          .max(200, 'must be at most 200 characters: use a short phrase')
          .describe(
            "A short normalised English phrase: 'fever', 'fever for 3 days', 'temperature 39.2 °C', " +
              "'respiratory rate 52/min', 'RDT positive', 'chest indrawing'. An absent finding reads 'no cough'.",
          ),
        negated: z.boolean().optional().describe('True when the health worker said the finding is absent.'),
      }),
    )
    .min(1, 'record at least one finding')
    .max(20, 'record at most 20 findings per call'),
}).describe('Facts the health worker stated about the patient.');

const generateDifferentialsShape = closedObject({
  diagnoses: z
    .array(
      closedObject({
        condition: z
          .string()
          .trim()
          .min(2, 'must name a condition')
          .max(120, 'must be at most 120 characters')
          .describe("The condition as a guideline would name it, e.g. 'uncomplicated malaria', 'pneumonia'."),
        confidence: z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').describe('0 to 1.'),
        rationale: z
          .string()
          .trim()
          .max(300, 'must be at most 300 characters')
          .optional()
          .describe('The findings that support it, in one sentence.'),
      }),
    )
    .min(1, 'give at least one diagnosis')
    .max(5, 'give at most 5 diagnoses'),
}).describe('The working diagnoses, most likely first.');

/** collect_demographics input: plausible bounds plus cross-field consistency (pregnancy, trimester, age units). */
export const collectDemographicsInput = collectDemographicsShape.superRefine((input, ctx) => {
  if (Object.keys(input).length === 0) {
    ctx.addIssue({ code: 'custom', message: 'give at least one field the health worker stated', path: [] });
  }
  if (input.age_years !== undefined && input.age_months !== undefined && ageInYears({ ageMonths: input.age_months }) !== input.age_years) {
    ctx.addIssue({
      code: 'custom',
      path: ['age_months'],
      message: `${input.age_months} months is not ${input.age_years} completed years (age_months is the total age in months)`,
    });
  }
  const pregnancyDetail = input.gestation_weeks !== undefined || input.trimester !== undefined || input.in_labour === true;
  if ((input.pregnant === true || pregnancyDetail) && input.sex === 'male') {
    ctx.addIssue({ code: 'custom', path: ['pregnant'], message: 'pregnancy is only possible for a female patient; check the sex' });
  }
  if (input.pregnant === false && pregnancyDetail) {
    ctx.addIssue({ code: 'custom', path: ['pregnant'], message: 'gestation_weeks, trimester or in_labour given for a patient who is not pregnant' });
  }
  const ageYears = input.age_years ?? (input.age_months === undefined ? undefined : input.age_months / 12);
  if ((input.pregnant === true || pregnancyDetail) && ageYears !== undefined && ageYears < MIN_PREGNANCY_AGE_YEARS) {
    ctx.addIssue({ code: 'custom', path: ['pregnant'], message: `pregnancy is implausible under ${MIN_PREGNANCY_AGE_YEARS} years; check the age` });
  }
  if (input.gestation_weeks !== undefined && input.trimester !== undefined && trimesterForWeeks(input.gestation_weeks) !== input.trimester) {
    ctx.addIssue({
      code: 'custom',
      path: ['trimester'],
      message: `${input.gestation_weeks} weeks is trimester ${trimesterForWeeks(input.gestation_weeks)}, not ${input.trimester}; give gestation_weeks alone`,
    });
  }
});

/** record_findings input: 1 to 20 findings, each a category and a short phrase. */
export const recordFindingsInput = recordFindingsShape.superRefine((input, ctx) => {
  const seen = new Set<string>();
  input.findings.forEach((finding, index) => {
    const key = `${finding.category}\u0000${finding.value.toLowerCase()}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['findings', index, 'value'], message: `'${finding.value}' is listed twice` });
    seen.add(key);
  });
});

/** generate_differentials input: 1 to 5 distinct conditions with a confidence in 0..1. */
export const generateDifferentialsInput = generateDifferentialsShape.superRefine((input, ctx) => {
  const seen = new Set<string>();
  input.diagnoses.forEach((diagnosis, index) => {
    const key = diagnosis.condition.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['diagnoses', index, 'condition'], message: `'${diagnosis.condition}' is listed twice` });
    seen.add(key);
  });
});

/** A tool as the model is shown it: the adapter adds the provider's framing (and cache markers). */
export interface InterviewToolDefinition {
  name: InterviewToolName;
  description: string;
  /** JSON Schema (draft 2020-12 subset) of the input object. */
  inputSchema: Record<string, unknown>;
}

const DESCRIPTIONS: Record<InterviewToolName, string> = {
  collect_demographics:
    'Record who the patient is, as soon as the health worker states it: age (age_months too for a child under 5), ' +
    'sex, pregnancy and gestational weeks for a woman or girl of reproductive age, weight for a child. ' +
    'Send only the fields that were stated; a later call adds to or corrects earlier ones. Never guess a value.',
  record_findings:
    'Record facts the health worker stated about the patient: symptoms, duration, severity, vital signs, test results ' +
    '(e.g. malaria RDT), examination signs, history, medicines already taken, allergies. One short normalised phrase per ' +
    "fact ('fever for 3 days', 'temperature 39.2 °C', 'RDT positive', 'no cough' with negated true). " +
    'Record only what was said, never an assumption, a treatment plan or a dose.',
  generate_differentials:
    'Call once enough is known (main complaint, duration, danger signs, key test results): up to 5 working diagnoses, ' +
    'most likely first, each with a confidence from 0 to 1. This ends the interview: the plan is then written from ' +
    'the guidelines, so do not give treatment yourself.',
};

const SHAPES: Record<InterviewToolName, z.ZodType> = {
  collect_demographics: collectDemographicsShape,
  record_findings: recordFindingsShape,
  generate_differentials: generateDifferentialsShape,
};

const ALL_TOOLS = Object.keys(SHAPES) as InterviewToolName[];

/** The definitions of the named tools, in the order given (the order is part of the prompt-cache key). */
export function interviewToolDefinitions(names: readonly InterviewToolName[]): InterviewToolDefinition[] {
  return names.map((name) => ({ name, description: DESCRIPTIONS[name], inputSchema: inputJsonSchema(name) }));
}

/** Converting a zod shape is costly and the shapes never change: each is converted once per process. */
const JSON_SCHEMAS = new Map<InterviewToolName, Record<string, unknown>>();

function inputJsonSchema(name: InterviewToolName): Record<string, unknown> {
  let schema = JSON_SCHEMAS.get(name);
  if (!schema) {
    const { $schema: _dialect, ...converted } = z.toJSONSchema(SHAPES[name], { io: 'input' }) as Record<string, unknown>;
    schema = converted;
    JSON_SCHEMAS.set(name, schema);
  }
  return structuredClone(schema);
}

export type ToolCallValidation = { ok: true; action: InterviewAction } | { ok: false; error: string };

/**
 * Checks one tool call from the model: offered at this stage, known, and with valid input. The error
 * text goes back to the model as a tool error, so it names the problem and what to do instead.
 */
export function validateToolCall(name: string, input: unknown, offeredTools: readonly InterviewToolName[]): ToolCallValidation {
  const offeredList = offeredTools.join(', ');
  if (!isInterviewToolName(name)) {
    return {
      ok: false,
      error:
        `There is no tool named '${name.slice(0, 64)}'. The only tools are: ${offeredList}. ` +
        'This interview records demographics and findings and proposes diagnoses; it never prescribes or gives doses.',
    };
  }
  if (!offeredTools.includes(name)) {
    return { ok: false, error: `The tool '${name}' is not available at this stage of the consult. Available now: ${offeredList}.` };
  }
  switch (name) {
    case 'collect_demographics': {
      const parsed = collectDemographicsInput.safeParse(input);
      return parsed.success ? { ok: true, action: { kind: 'demographics', demographics: toDemographics(parsed.data) } } : refused(name, parsed.error);
    }
    case 'record_findings': {
      const parsed = recordFindingsInput.safeParse(input);
      return parsed.success ? { ok: true, action: { kind: 'findings', findings: parsed.data.findings.map(toFinding) } } : refused(name, parsed.error);
    }
    case 'generate_differentials': {
      const parsed = generateDifferentialsInput.safeParse(input);
      return parsed.success ? { ok: true, action: { kind: 'differentials', diagnoses: ranked(parsed.data.diagnoses) } } : refused(name, parsed.error);
    }
  }
}

function isInterviewToolName(name: string): name is InterviewToolName {
  return (ALL_TOOLS as string[]).includes(name);
}

function refused(name: InterviewToolName, error: z.ZodError): { ok: false; error: string } {
  const problems = error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  return {
    ok: false,
    error: `Invalid input for ${name}, nothing was recorded: ${problems.join('; ')}. Correct the call, or ask the health worker if unsure.`,
  };
}

function toDemographics(input: z.infer<typeof collectDemographicsShape>): Demographics {
  const demographics: Demographics = {};
  if (input.age_years !== undefined) demographics.ageYears = input.age_years;
  if (input.age_months !== undefined) {
    demographics.ageMonths = input.age_months;
    demographics.ageYears ??= ageInYears({ ageMonths: input.age_months }) ?? 0;
  }
  if (input.sex !== undefined) demographics.sex = input.sex;
  // Weeks or a trimester only make sense in a pregnancy; the model sometimes leaves the flag out.
  if (input.pregnant !== undefined) demographics.pregnant = input.pregnant;
  else if (input.gestation_weeks !== undefined || input.trimester !== undefined || input.in_labour === true) demographics.pregnant = true;
  if (input.in_labour === true) demographics.inLabour = true;
  if (input.gestation_weeks !== undefined) {
    demographics.gestationWeeks = input.gestation_weeks;
    demographics.trimester = trimesterForWeeks(input.gestation_weeks);
  } else if (input.trimester !== undefined) {
    demographics.trimester = input.trimester as 1 | 2 | 3;
  }
  if (input.postpartum === true || input.days_since_delivery !== undefined) {
    demographics.postpartum = true;
    demographics.pregnant = false;
  }
  if (input.days_since_delivery !== undefined) demographics.daysSinceDelivery = input.days_since_delivery;
  if (input.breastfeeding !== undefined) demographics.breastfeeding = input.breastfeeding;
  if (input.weight_kg !== undefined) demographics.weightKg = input.weight_kg;
  return demographics;
}

function toFinding(input: z.infer<typeof recordFindingsShape>['findings'][number]): Finding {
  const value = input.value.replace(/\s+/g, ' ');
  return input.negated === undefined ? { category: input.category, value } : { category: input.category, value, negated: input.negated };
}

/** Most confident first; ties keep the model's order. */
function ranked(diagnoses: z.infer<typeof generateDifferentialsShape>['diagnoses']): ProposedDiagnosis[] {
  return diagnoses
    .map((d): ProposedDiagnosis => (d.rationale ? { condition: d.condition, confidence: d.confidence, rationale: d.rationale } : { condition: d.condition, confidence: d.confidence }))
    .sort((a, b) => b.confidence - a.confidence);
}
