/**
 * The urgent-referral reply sent the moment triage finds a danger sign. Plain text (the channel
 * adapter applies its own markup), short enough for one phone screen, and deliberately generic:
 * no drug names or doses, only first-aid steps that are safe for any patient with these signs.
 */
import type { DangerSignCode, DangerSignHit } from './detect-danger-signs.js';

type FirstAidGroup =
  | 'fits'
  | 'unconscious'
  | 'fluids'
  | 'breathing'
  | 'vaginal_bleeding'
  | 'other_bleeding'
  | 'pregnancy'
  | 'chest_pain'
  | 'young_infant';

const FIRST_AID_GROUP: Readonly<Record<DangerSignCode, FirstAidGroup | undefined>> = {
  convulsions: 'fits',
  lethargic_or_unconscious: 'unconscious',
  unable_to_drink_or_breastfeed: 'fluids',
  vomits_everything: 'fluids',
  severe_dehydration: 'fluids',
  severe_difficulty_breathing: 'breathing',
  chest_indrawing: 'breathing',
  stiff_neck_with_fever: undefined,
  heavy_vaginal_bleeding: 'vaginal_bleeding',
  vaginal_bleeding_in_pregnancy: 'vaginal_bleeding',
  heavy_bleeding: 'other_bleeding',
  severe_headache_blurred_vision: 'pregnancy',
  severe_abdominal_pain_in_pregnancy: 'pregnancy',
  reduced_fetal_movements: 'pregnancy',
  waters_broken_before_labour: 'pregnancy',
  severe_blood_pressure_in_pregnancy: 'pregnancy',
  hypertensive_emergency: 'chest_pain',
  chest_pain: 'chest_pain',
  fever_in_young_infant: 'young_infant',
  fast_breathing_in_young_infant: 'young_infant',
  feeding_poorly_in_young_infant: 'young_infant',
};

const FIRST_AID: Readonly<Record<FirstAidGroup, string>> = {
  fits: 'If fitting: lay the patient on the side, move hard objects away, put nothing in the mouth.',
  unconscious: 'If unconscious or very sleepy: lay on the side, check breathing, give nothing by mouth.',
  fluids: 'If the patient can swallow, give small frequent sips of fluid; a baby who can suck keeps breastfeeding.',
  breathing: 'Keep the patient sitting up or in the position that makes breathing easiest.',
  vaginal_bleeding: 'Keep her lying down with the legs raised and warm; bring a relative who can give blood.',
  other_bleeding: 'Press firmly on the bleeding place with a clean cloth; keep the patient lying down and warm.',
  pregnancy: 'Keep her lying on her left side and never leave her alone.',
  chest_pain: 'Keep the patient at rest, sitting up; do not let the patient walk.',
  young_infant: 'Keep the baby warm, skin to skin with the mother, and keep breastfeeding on the way.',
};

/** The urgent-referral message for `hits` (empty string when there are none). */
export function formatUrgentReferral(hits: readonly DangerSignHit[]): string {
  if (hits.length === 0) return '';
  const labels = [...new Set(hits.map((hit) => hit.label))];
  const groups = [...new Set(hits.map((hit) => FIRST_AID_GROUP[hit.code as DangerSignCode]))].filter(
    (group): group is FirstAidGroup => group !== undefined,
  );
  // The catalogue's own advice for a sign the first-aid groups above do not cover.
  const advice = [...new Set(hits.filter((hit) => FIRST_AID_GROUP[hit.code as DangerSignCode] === undefined && hit.advice).map((hit) => hit.advice ?? ''))];
  return [
    `URGENT: danger sign${labels.length > 1 ? 's' : ''} seen`,
    ...labels.map((label) => `- ${label}`),
    '',
    'Refer NOW to the nearest health facility. Do not wait to finish this consult.',
    'On the way:',
    '- Go with the patient and a family member; bring any medicines already given.',
    ...groups.map((group) => `- ${FIRST_AID[group]}`),
    ...advice.map((line) => `- ${line}`),
    '- Give pre-referral treatment only if your protocol tells you to.',
    'Tell the facility staff which danger signs you saw.',
  ].join('\n');
}
