/** Fixed texts of the conversation, in the neutral markup (refusals and apologies: core/app-error.ts). */
export const HELP_TEXT = [
  '**How I help**',
  'Tell me about the patient in front of you: age, sex, pregnancy, weight for a child, then symptoms and findings. I check every message for danger signs. When you are ready, send the working diagnosis as dx: malaria and I reply with an Assessment & Plan from the guidelines, every step cited.',
  '**Commands**\n- /new start a new consult\n- /cancel abandon this consult\n- /sources the full titles of the last plan\'s sources\n- /help this message',
  'This is decision support: your clinical judgement and local protocol come first.',
].join('\n\n');

export const NEW_CONSULT = 'New consult started.';
/** A message after a finished consult that states another patient's age or sex starts a consult for that patient. */
export const ANOTHER_PATIENT = 'The last consult is finished and saved. This message describes another patient (a different age or sex), so I started a new consult for them.';
export const CANCELLED = 'Consult cancelled. Send /new or describe a new patient to start again.';
export const NOTHING_TO_CANCEL = 'There is no consult in progress. Describe a patient to start one.';
/** /sources before any plan of the consult was sent. */
export const NO_SOURCES_YET = 'No plan has been sent in this consult yet. Its sources come with it; send /sources after it for their full titles.';
export const PLAN_IN_PROGRESS = 'I am preparing the Assessment & Plan from the guidelines; it will arrive shortly.';

/** Messages longer than this are refused whole: nobody types a clinical note of this size on a phone. */
export const MAX_INBOUND_CHARS = 4000;

export function planRequested(conditions: readonly string[]): string {
  return `Working diagnosis: ${conditions.join('; ')}. Searching the guidelines for the Assessment & Plan...`;
}

export function suggestionsText(noted: readonly string[], suggestions: readonly string[]): string {
  const parts: string[] = [];
  if (noted.length > 0) parts.push(`Noted: ${noted.join('; ')}.`);
  parts.push('Anything else? When ready, send the working diagnosis as dx: <condition>.');
  if (suggestions.length > 0) parts.push(`Conditions these findings suggest (reply with a number, or your own dx):\n${suggestions.map((s, i) => `- ${i + 1}. ${s}`).join('\n')}`);
  return parts.join('\n\n');
}

/** Values the rule extraction refused (negative, impossible): said back so the health worker sends them again. */
export function notRecorded(values: readonly string[]): string {
  const quoted = values.map((v) => `"${v}"`).join(', ');
  const negative = values.some((v) => /[-\u2212\u2013]\s*\d/.test(v));
  return `I did not record ${quoted}: ${negative ? 'a measurement cannot be negative' : 'that value is not possible'}. Please check it and send it again.`;
}

/**
 * The guidelines cover the condition, but only for other patients: the pneumonia book is for children
 * under five, the patient is 30. No treatment or dose is suggested from another population's sections.
 */
export function writtenForOtherPatients(conditions: readonly string[]): string {
  return `The guideline sections I have on "${conditions.join('; ')}" are written for other patients (another age group or population), so I will not suggest a treatment or dose from them. Follow your local protocol and ask your supervisor.`;
}

/**
 * A diagnosis that says what the patient does not have ("no anaemia"), which no guideline section is
 * headed by: no plan, since the condition's sections would treat what she has not got.
 */
export function statedAbsent(diagnosis: string, absent: string, closest: readonly string[], numbered: boolean): string {
  const lead = `"${diagnosis}" says the patient does not have ${absent}, and the guidelines I have give no plan for that, so I will not suggest a treatment or dose for ${absent}.`;
  return withClosest(lead, closest, numbered ? 'Send what the patient has (dx: <condition>), or reply with the number of a condition the guidelines cover:' : 'Conditions the guidelines cover near this one:', numbered);
}

/** A stated condition the guideline library does not cover: no plan, and the covered topics nearest to this patient. */
export function notCovered(conditions: readonly string[], closest: readonly string[], numbered: boolean): string {
  const lead = `"${conditions.join('; ')}" is not covered by the guidelines I have, so I will not suggest a treatment or dose for it.`;
  return withClosest(lead, closest, numbered ? 'Closest conditions the guidelines cover (reply with a number, or another dx: <condition>):' : 'Closest conditions the guidelines cover:', numbered);
}

/** A refusal, the covered conditions nearest to this patient (numbered when a number may be sent back), and who decides. */
function withClosest(lead: string, closest: readonly string[], heading: string, numbered: boolean): string {
  const list = closest.map((c, i) => (numbered ? `- ${i + 1}. ${c}` : `- ${c}`)).join('\n');
  return [lead, ...(closest.length > 0 ? [`${heading}\n${list}`] : []), 'Follow your local protocol and ask your supervisor.'].join('\n\n');
}
