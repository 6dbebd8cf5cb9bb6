/**
 * The symptoms and examination signs the offline mode recognises, each with the phrasings health
 * workers use and the normalised value it is recorded under. Danger-sign phrasings are shared
 * with triage so that both read a message the same way.
 */
import type { FindingCategory } from '../../patient/findings.js';
import { SEVERE_PALLOR, SOME_PALLOR } from '../../patient/anaemia.js';
import { DEHYDRATION_UNQUALIFIED, DYSENTERY, STATED_SEVERE_DEHYDRATION, STATED_SOME_DEHYDRATION } from '../../patient/dehydration.js';
import * as dangerSigns from '../../patient/danger-sign-patterns.js';
import { BILATERAL_OEDEMA, FACE_SWELLING, OEDEMA } from '../../patient/oedema.js';

export interface LexiconEntry {
  /** Normalised finding value ('fever'); a negated mention is recorded as 'no fever'. */
  readonly value: string;
  readonly category: 'symptom' | 'exam_sign';
  readonly pattern: RegExp;
  /** A phrasing that states absence without a negation cue ('afebrile'). */
  readonly absentPattern?: RegExp;
}

const re = (source: string): RegExp => new RegExp(source);

const symptom = (value: string, source: string | RegExp, absentPattern?: RegExp): LexiconEntry =>
  entry('symptom', value, source, absentPattern);
const sign = (value: string, source: string | RegExp): LexiconEntry => entry('exam_sign', value, source);

function entry(
  category: Extract<FindingCategory, 'symptom' | 'exam_sign'>,
  value: string,
  source: string | RegExp,
  absentPattern?: RegExp,
): LexiconEntry {
  const pattern = typeof source === 'string' ? re(source) : source;
  return absentPattern ? { value, category, pattern, absentPattern } : { value, category, pattern };
}

export const CLINICAL_LEXICON: readonly LexiconEntry[] = [
  symptom('fever', String.raw`\b(?:fever\w*|febrile|pyrexi\w*|hot body|body (?:is |feels |was )?(?:very )?hot|(?:high|raised) (?:temperature|temp)|hotness of (?:the )?body)\b`, dangerSigns.AFEBRILE),
  symptom('cough', String.raw`\bcough\w*`),
  symptom('diarrhoea', String.raw`\b(?:dia?rr?h?o?e?a\w*|loose (?:stools?|motions?)|watery (?:stools?|motions?)|running stomach|runny stomach|purging|stooling|frequent (?:loose )?stools)\b`),
  symptom('blood in stool', DYSENTERY),
  symptom('vomiting', String.raw`\b(?:vomm?it+\w*|throw(?:s|ing)? up|threw up|emesis)\b`),
  symptom('vomits everything', dangerSigns.VOMITS_EVERYTHING),
  symptom('not able to drink or breastfeed', dangerSigns.UNABLE_TO_DRINK),
  symptom('not able to breastfeed', dangerSigns.UNABLE_TO_BREASTFEED),
  symptom('not feeding well', String.raw`\b(?:not (?:feeding|breast\s?-?\s?feeding|sucking) well|feed(?:s|ing) poorly|poor(?:ly)? (?:feeding|suck\w*))\b`),
  symptom('convulsions', dangerSigns.CONVULSIONS),
  symptom('headache', dangerSigns.HEADACHE),
  symptom('blurred vision', dangerSigns.BLURRED_VISION),
  symptom('rash', String.raw`\b(?:rash\w*|skin eruptions?|spots on (?:the )?(?:skin|body))\b`),
  symptom('difficulty breathing', String.raw`\b(?:difficult(?:y|ies)? (?:in |with )?breath\w*|breathing difficult\w*|difficult breathing|shortness of breath|short of breath|sob|breathless\w*|dyspn\w*|trouble breathing|hard to breathe?|unable to breathe?)\b`),
  symptom('fast breathing', String.raw`\b(?:fast breathing|breathing (?:is )?(?:very )?(?:fast|rapid\w*|quick\w*)|rapid breathing|tachypn\w*)\b`),
  symptom('abdominal pain', String.raw`\b(?:(?:abdominal|abdomen|abdo|abd|belly|stomach|tummy) ?(?:pains?|aches?)|pain in (?:the )?(?:abdomen|belly|stomach|tummy))\b`),
  symptom('chest pain', dangerSigns.CHEST_PAIN),
  symptom('sore throat', String.raw`\b(?:sore throat|throat pain|pain (?:on|when) swallowing)\b`),
  symptom('ear pain', String.raw`\b(?:ear ?(?:ache|pain)|pain in (?:the |his |her )?ears?)\b`),
  symptom('ear discharge', String.raw`\b(?:ear discharge|discharge from (?:the |his |her )?ears?|pus from (?:the |his |her )?ears?|ears? (?:is |are )?discharging)\b`),
  symptom('runny nose', String.raw`\b(?:runny nose|running nose|rhinorr\w*|catarrh|nasal discharge|coryza)\b`),
  symptom('painful urination', String.raw`\b(?:pain (?:on|when|while) (?:passing urine|urinating|peeing)|painful urination|burning (?:urine|urination|on urination|when urinating)|dysuria)\b`),
  symptom('vaginal bleeding', dangerSigns.VAGINAL_BLEEDING),
  symptom('vaginal discharge', String.raw`\b(?:vaginal discharge|discharge pv|pv discharge|abnormal discharge)\b`),
  symptom('night sweats', String.raw`\b(?:night sweats?|sweat(?:s|ing)? (?:at|for|in the) night)\b`),
  symptom('weight loss', String.raw`\b(?:weight loss|losing weight|lost weight)\b`),
  symptom('loss of appetite', String.raw`\b(?:(?:loss of|poor|reduced|no) appetite|not eating|refus\w* (?:food|to eat)|anorexia)\b`),
  symptom('body aches', String.raw`\b(?:(?:joint|body|muscle) (?:pains?|aches?)|myalgia|arthralgia)\b`),
  symptom('chills', String.raw`\b(?:chills|rigou?rs|shivering)\b`),
  symptom('itching', String.raw`\b(?:itch\w*|pruritus)\b`),
  symptom('weakness', String.raw`\b(?:weakness|general(?:ised|ized)? weakness|tired\w*|fatigue)\b`),
  symptom('dizziness', String.raw`\b(?:dizz\w*|giddiness|light-?headed\w*)\b`),
  symptom('wheeze', String.raw`\bwheez\w*`),
  sign('stridor', String.raw`\bstridor\b`),
  sign('chest indrawing', dangerSigns.CHEST_INDRAWING),
  sign('lethargic or unconscious', dangerSigns.LETHARGIC_OR_UNCONSCIOUS),
  sign('stiff neck', dangerSigns.STIFF_NECK),
  sign('severe pallor', SEVERE_PALLOR),
  sign('some pallor', SOME_PALLOR),
  sign('pallor', String.raw`\b(?:(?:palmar )?pallor|pale(?:ness)?|(?:looks|looking) an(?:a)?emic)\b`),
  sign('oedema of both feet', BILATERAL_OEDEMA),
  sign('swelling of the face', FACE_SWELLING),
  sign('oedema', OEDEMA),
  sign('jaundice', String.raw`\b(?:jaundic\w*|yellow (?:eyes|skin)|eyes (?:are )?yellow|icter\w*)\b`),
  sign('sunken eyes', dangerSigns.SUNKEN_EYES),
  sign('skin pinch goes back very slowly', dangerSigns.VERY_SLOW_SKIN_PINCH),
  sign('skin pinch goes back slowly', dangerSigns.SLOW_SKIN_PINCH),
  sign('skin pinch goes back immediately', dangerSigns.NORMAL_SKIN_PINCH),
  sign('eyes not sunken', dangerSigns.EYES_NOT_SUNKEN),
  sign('drinking poorly', dangerSigns.DRINKING_POORLY),
  // The class, when the health worker has classified it: "no dehydration", "some dehydration".
  sign('severe dehydration', STATED_SEVERE_DEHYDRATION),
  sign('some dehydration', STATED_SOME_DEHYDRATION),
  sign('dehydration', DEHYDRATION_UNQUALIFIED),
  sign('restless or irritable', dangerSigns.RESTLESS_OR_IRRITABLE),
  sign('drinks eagerly', dangerSigns.DRINKS_EAGERLY),
  sign('visible severe wasting', String.raw`\b(?:severe wasting|visibly wasted|very thin|wasted)\b`),
  sign('grunting', String.raw`\bgrunt(?:s|ing)\b`),
  sign('cyanosis', String.raw`\b(?:cyano(?:sis|sed|tic)|blue (?:lips?|tongue)|(?:lips?|tongue) (?:is |are |turning )?blue)\b`),
];
