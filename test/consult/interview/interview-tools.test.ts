import { describe, expect, it } from 'vitest';
import { FINDING_CATEGORIES } from '../../../src/patient/findings.js';
import { toolsForStage } from '../../../src/consult/interview-model.js';
import { interviewToolDefinitions, validateToolCall } from '../../../src/consult/interview-tools.js';

const DEMOGRAPHICS_STAGE = toolsForStage('demographics');
const INTERVIEW_STAGE = toolsForStage('interview');

describe('validateToolCall: collect_demographics', () => {
  it.each([
    ['a pregnant woman, trimester from weeks', { age_years: 25, sex: 'female', pregnant: true, gestation_weeks: 20 }, { ageYears: 25, sex: 'female', pregnant: true, gestationWeeks: 20, trimester: 2 }],
    ['13 weeks is the first trimester', { gestation_weeks: 13 }, { pregnant: true, gestationWeeks: 13, trimester: 1 }],
    ['14 weeks is the second trimester', { gestation_weeks: 14, sex: 'female' }, { sex: 'female', pregnant: true, gestationWeeks: 14, trimester: 2 }],
    ['27 weeks is still the second', { gestation_weeks: 27 }, { pregnant: true, gestationWeeks: 27, trimester: 2 }],
    ['28 weeks is the third', { gestation_weeks: 28 }, { pregnant: true, gestationWeeks: 28, trimester: 3 }],
    ['in labour is pregnant', { sex: 'female', in_labour: true }, { sex: 'female', pregnant: true, inLabour: true }],
    ['weeks and a matching trimester', { gestation_weeks: 32, trimester: 3 }, { pregnant: true, gestationWeeks: 32, trimester: 3 }],
    ['a trimester alone', { pregnant: true, trimester: 3 }, { pregnant: true, trimester: 3 }],
    ['a toddler in months gets completed years too', { age_months: 18, weight_kg: 10.5, sex: 'male' }, { ageMonths: 18, ageYears: 1, weightKg: 10.5, sex: 'male' }],
    ['a baby of 6 weeks', { age_years: 0, age_months: 1.4 }, { ageYears: 0, ageMonths: 1.4 }],
    ['not pregnant', { age_years: 30, sex: 'female', pregnant: false }, { ageYears: 30, sex: 'female', pregnant: false }],
    ['the oldest and lightest plausible values', { age_years: 120, weight_kg: 0.5 }, { ageYears: 120, weightKg: 0.5 }],
  ])('accepts %s', (_label, input, demographics) => {
    expect(validateToolCall('collect_demographics', input, DEMOGRAPHICS_STAGE)).toEqual({ ok: true, action: { kind: 'demographics', demographics } });
  });

  it.each([
    ['an age of 400 years', { age_years: 400 }, ['age_years', 'at most 120']],
    ['a negative age', { age_years: -1 }, ['age_years', '0 or more']],
    ['a fractional age in years', { age_years: 2.5 }, ['age_years', 'whole number', 'age_months']],
    ['60 months (use years from 5)', { age_months: 60 }, ['age_months', 'below 60']],
    ['months that disagree with years', { age_years: 3, age_months: 18 }, ['age_months', '18 months is not 3 completed years']],
    ['a weight of 0.2 kg', { weight_kg: 0.2 }, ['weight_kg', 'at least 0.5 kg']],
    ['a weight of 250 kg', { weight_kg: 250 }, ['weight_kg', 'at most 200 kg']],
    ['50 weeks of gestation', { gestation_weeks: 50 }, ['gestation_weeks', 'at most 45']],
    ['0 weeks of gestation', { gestation_weeks: 0 }, ['gestation_weeks', 'at least 1']],
    ['a fourth trimester', { trimester: 4 }, ['trimester', '1, 2 or 3']],
    ['a pregnant man', { sex: 'male', pregnant: true }, ['pregnant', 'only possible for a female']],
    ['gestation weeks for a man', { sex: 'male', gestation_weeks: 20 }, ['pregnant', 'only possible for a female']],
    ['weeks for a woman who is not pregnant', { pregnant: false, gestation_weeks: 20 }, ['not pregnant']],
    ['labour for a man', { sex: 'male', in_labour: true }, ['only possible for a female']],
    ['a trimester that contradicts the weeks', { gestation_weeks: 30, trimester: 1 }, ['trimester', '30 weeks is trimester 3, not 1']],
    ['a pregnant 6-year-old', { age_years: 6, sex: 'female', pregnant: true }, ['implausible under 10 years']],
    ['a pregnancy for a child aged in months', { age_months: 30, pregnant: true }, ['implausible under 10 years']],
    ['a sex outside the two the guidelines use', { sex: 'unknown' }, ['sex', 'female', 'male']],
    ['an age sent as text', { age_years: '30' }, ['age_years', 'expected number']],
    ['an empty call', {}, ['at least one field']],
    ['a misspelt field', { age: 30 }, ['unknown field age', 'the fields are age_years, age_months, sex']],
    ['a string instead of an object', 'age 30', ['expected object']],
  ])('refuses %s with a message the model can act on', (_label, input, phrases) => {
    const result = validateToolCall('collect_demographics', input, DEMOGRAPHICS_STAGE);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/^Invalid input for collect_demographics, nothing was recorded: /);
    for (const phrase of phrases) expect(result.error).toContain(phrase);
  });
});

describe('validateToolCall: record_findings', () => {
  it('accepts findings in every category, keeps negation and tidies spacing', () => {
    const result = validateToolCall(
      'record_findings',
      {
        findings: [
          { category: 'symptom', value: '  fever ' },
          { category: 'duration', value: 'fever for   3 days' },
          { category: 'vital_sign', value: 'temperature 39.2 °C' },
          { category: 'test_result', value: 'RDT positive' },
          { category: 'symptom', value: 'no cough', negated: true },
        ],
      },
      DEMOGRAPHICS_STAGE,
    );
    expect(result).toEqual({
      ok: true,
      action: {
        kind: 'findings',
        findings: [
          { category: 'symptom', value: 'fever' },
          { category: 'duration', value: 'fever for 3 days' },
          { category: 'vital_sign', value: 'temperature 39.2 °C' },
          { category: 'test_result', value: 'RDT positive' },
          { category: 'symptom', value: 'no cough', negated: true },
        ],
      },
    });
  });

  const finding = (value: string) => ({ category: 'symptom', value });
  it.each([
    ['a category that does not exist', { findings: [{ category: 'diagnosis', value: 'malaria' }] }, ['findings.0.category', 'symptom']],
    ['an empty phrase', { findings: [finding('   ')] }, ['findings.0.value', 'must not be empty']],
    ['a 201-character phrase', { findings: [finding('x'.repeat(201))] }, ['findings.0.value', 'at most 200 characters']],
    ['no findings', { findings: [] }, ['findings', 'at least one finding']],
    ['21 findings', { findings: Array.from({ length: 21 }, (_, i) => finding(`sign ${i}`)) }, ['at most 20 findings']],
    ['the same finding twice', { findings: [finding('fever'), finding('Fever')] }, ['findings.1.value', 'listed twice']],
    ['a dose smuggled in as an extra field', { findings: [{ ...finding('fever'), dose_mg: 2000 }] }, ['unknown field dose_mg']],
  ])('refuses %s', (_label, input, phrases) => {
    const result = validateToolCall('record_findings', input, INTERVIEW_STAGE);
    expect(result.ok).toBe(false);
    if (!result.ok) for (const phrase of phrases) expect(result.error).toContain(phrase);
  });
});

describe('validateToolCall: generate_differentials', () => {
  it('returns the diagnoses most confident first, keeping rationales', () => {
    const result = validateToolCall(
      'generate_differentials',
      {
        diagnoses: [
          { condition: 'pneumonia', confidence: 0.3 },
          { condition: 'uncomplicated malaria', confidence: 0.8, rationale: 'fever 3 days, RDT positive' },
          { condition: 'viral fever', confidence: 0.3 },
        ],
      },
      INTERVIEW_STAGE,
    );
    expect(result).toEqual({
      ok: true,
      action: {
        kind: 'differentials',
        diagnoses: [
          { condition: 'uncomplicated malaria', confidence: 0.8, rationale: 'fever 3 days, RDT positive' },
          { condition: 'pneumonia', confidence: 0.3 },
          { condition: 'viral fever', confidence: 0.3 },
        ],
      },
    });
  });

  const dx = (condition: string, confidence = 0.5) => ({ condition, confidence });
  it.each([
    ['six diagnoses', { diagnoses: ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'].map((c) => dx(c)) }, ['at most 5 diagnoses']],
    ['none', { diagnoses: [] }, ['at least one diagnosis']],
    ['a confidence above 1', { diagnoses: [dx('malaria', 1.5)] }, ['diagnoses.0.confidence', 'between 0 and 1']],
    ['a one-letter condition', { diagnoses: [dx('x')] }, ['diagnoses.0.condition', 'must name a condition']],
    ['a 301-character rationale', { diagnoses: [{ ...dx('malaria'), rationale: 'r'.repeat(301) }] }, ['rationale', 'at most 300']],
    ['the same condition twice', { diagnoses: [dx('Malaria'), dx('malaria')] }, ['listed twice']],
  ])('refuses %s', (_label, input, phrases) => {
    const result = validateToolCall('generate_differentials', input, INTERVIEW_STAGE);
    expect(result.ok).toBe(false);
    if (!result.ok) for (const phrase of phrases) expect(result.error).toContain(phrase);
  });
});

describe('validateToolCall: which tools exist and are offered', () => {
  it('refuses generate_differentials while demographics are being collected, naming what is available', () => {
    const result = validateToolCall('generate_differentials', { diagnoses: [{ condition: 'malaria', confidence: 0.9 }] }, DEMOGRAPHICS_STAGE);
    expect(result).toEqual({
      ok: false,
      error: "The tool 'generate_differentials' is not available at this stage of the consult. Available now: collect_demographics, record_findings.",
    });
  });

  it('refuses a tool that does not exist, whatever its input, and says the interview never prescribes', () => {
    const result = validateToolCall('prescribe', { drug: 'chloroquine', dose_mg: 2000 }, INTERVIEW_STAGE);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toContain("There is no tool named 'prescribe'");
    expect(result.error).toContain('record_findings, collect_demographics, generate_differentials');
    expect(result.error).toContain('never prescribes');
  });
});

describe('interviewToolDefinitions', () => {
  it('describes the offered tools in the order given, with closed JSON Schemas whose bounds match validation', () => {
    const definitions = interviewToolDefinitions(INTERVIEW_STAGE);
    expect(definitions.map((d) => d.name)).toEqual(['record_findings', 'collect_demographics', 'generate_differentials']);
    for (const definition of definitions) {
      expect(definition.description.length).toBeGreaterThan(80);
      expect(definition.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(definition.inputSchema).not.toHaveProperty('$schema');
    }
    const [findings, demographics, differentials] = definitions;
    expect(demographics?.inputSchema).toMatchObject({
      properties: {
        age_years: { type: 'integer', minimum: 0, maximum: 120 },
        age_months: { minimum: 0, exclusiveMaximum: 60 },
        gestation_weeks: { minimum: 1, maximum: 45 },
        trimester: { minimum: 1, maximum: 3 },
        weight_kg: { minimum: 0.5, maximum: 200 },
        sex: { enum: ['female', 'male'] },
      },
    });
    expect(demographics?.inputSchema).not.toHaveProperty('required');
    expect(findings?.inputSchema).toMatchObject({
      required: ['findings'],
      properties: { findings: { minItems: 1, maxItems: 20, items: { properties: { category: { enum: [...FINDING_CATEGORIES] }, value: { maxLength: 200 } } } } },
    });
    expect(differentials?.inputSchema).toMatchObject({
      properties: { diagnoses: { minItems: 1, maxItems: 5, items: { properties: { confidence: { minimum: 0, maximum: 1 } } } } },
    });
    expect(differentials?.description).toContain('ends the interview');
  });
});
