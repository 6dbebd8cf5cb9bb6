/**
 * Phrasings of danger signs, as regular expressions over the normal form of clinical-text.ts
 * (lower case, "cannot"/"can't"/"not able to" already folded into "unable to"). Shared with the
 * offline fact extractor so both read a health worker's words the same way. One phrasing per line:
 * to teach the rules a new way of saying something, add a line and a row to the test table.
 *
 * A phrasing that starts with "not"/"no longer" includes the word on purpose: the negation check
 * looks only before a match, so "he is not drinking" is a sign and "no, not drinking" still is.
 */

/** Any of the phrasings, starting at a word boundary and not running into a following word. */
function phrasings(...alternatives: readonly string[]): RegExp {
  return new RegExp(String.raw`\b(?:${alternatives.join('|')})(?![a-z0-9])`);
}

const FLUIDS = String.raw`(?:fluids?|liquids?|water|drinks?|anything|ors|milk)`;
const NOT_DRINK_QUALIFIERS = String.raw`(?!\s+(?:alcohol|beer|wine|spirits|coffee|tea|or smoke|and smoke|well|much|enough|properly|normally))`;
const STOPPED = String.raw`(?:unable to|refus(?:es|ed|ing)? to|will not|does not|did not|do not|not|no longer|stopped|has stopped)`;

/** Not able to drink (IMCI general danger sign; also a sign of severe illness in adults). */
export const UNABLE_TO_DRINK = phrasings(
  String.raw`${STOPPED}\s+(?:even\s+)?(?:drink(?:ing|s)?|tak(?:e|ing) (?:any |in )?${FLUIDS}|swallow(?:ing)?)\b${NOT_DRINK_QUALIFIERS}`,
  String.raw`not (?:eating|feeding) (?:or|nor|and) drinking`,
  String.raw`unable to (?:eat|feed) (?:or|nor|and) drink`,
  String.raw`refus(?:es|ed|ing) (?:all )?${FLUIDS}`,
  String.raw`able to drink\s*[?:=-]\s*no`,
  String.raw`no (?:dey|gree(?: to)?|wan) (?:drink|take (?:water|anything|breast))`,
  String.raw`too weak to (?:drink|suck|feed|breast\s?-?\s?feed)`,
);

/** Not able to breastfeed or feed (IMCI general danger sign, children only). */
export const UNABLE_TO_BREASTFEED = phrasings(
  String.raw`${STOPPED}\s+(?:breast\s?-?\s?feed(?:ing|s)?|suck(?:ing|le|ling|s)?|nurs(?:e|ing)|feed(?:ing|s)?|tak(?:e|ing) (?:the )?breast|latch(?:ing)?(?: on)?)\b(?!\s+(?:well|properly|much|enough|normally))`,
  String.raw`(?:refus(?:es|ed|ing)|reject(?:s|ed|ing)?)\s+(?:the\s+)?breast`,
  String.raw`able to (?:breast\s?-?\s?feed|suck)\s*[?:=-]\s*no`,
  String.raw`no (?:dey|gree(?: to)?|wan) (?:suck|take (?:the )?breast|breast\s?-?\s?feed)`,
  String.raw`too weak to (?:suck|feed|breast\s?-?\s?feed)`,
);

/** Drinking poorly: counts toward severe dehydration, not a general danger sign on its own. */
export const DRINKING_POORLY = phrasings(
  String.raw`drink(?:s|ing)? poorly`,
  String.raw`poor(?:ly)? drink\w*`,
  String.raw`not drinking (?:well|much|enough)`,
);

const VOMITS = String.raw`(?:vomm?it+(?:s|ing|ed)?|throw(?:s|ing)? up|threw up)`;

/** Vomits everything (IMCI general danger sign). */
export const VOMITS_EVERYTHING = phrasings(
  String.raw`${VOMITS}\s+(?:up\s+)?(?:every ?thing|anything|whatever)`,
  String.raw`${VOMITS}\s+(?:up\s+)?all (?:the |that |what )?(?:food|feeds?|fluids?|drinks?|liquids?|milk|meals?|medicines?|he|she|they|it|baby)`,
  String.raw`${VOMITS}\s+(?:after|with)\s+(?:every|each|all)\s+(?:feeds?|feeding|meals?|drinks?|intake)`,
  String.raw`unable to keep (?:any ?thing|food|fluids?|liquids?|water|drinks?|milk|medicines?|meds) down`,
  String.raw`keeps? nothing down`,
  String.raw`not keeping any ?thing down`,
  String.raw`every ?thing (?:he|she|they|baby) (?:eats|drinks|takes) comes? (?:out|back|up)`,
  String.raw`(?:vomm?it+\w*|throw\w* up)\s+every ?tin\w*`,
  String.raw`any ?thing (?:i|we|you|she|he|they) (?:give|gives|gave)(?: (?:him|her|them))?,?\s*(?:he |she |they )?(?:dey )?(?:vomm?it\w*|throw\w* (?:it )?up)`,
  String.raw`even (?:water|fluids?|ors|milk|drinks?) (?:comes?|came|coming) (?:back|out)(?: up)?`,
  String.raw`unable to (?:keep|hold) (?:down )?(?:even )?(?:any ?thing|food|fluids?|liquids?|water|drinks?|milk|medicines?|meds)(?: down)?`,
);

// Pidgin "fit" before a verb is "can": "she fit drink", "e fit waka" say what the patient is able to do.
const PIDGIN_CAN_VERBS = String.raw`(?:drink|chop|eat|waka|walk|talk|tok|suck|breast\s?feed|sit|stand|play|take|swallow|do|go|see|hear|sleep|breathe|cry|wake|hold|carry|move|pass|keep|manage|answer|respond|sabi|reach|come|give|get|use|bend|open|buy|bring|wait|stay|feed|tell|say|understand|recogni[sz]e|follow|start|finish|help|turn|lift|raise|look|find|know|be)`;

/** Convulsions or fits, now or during this illness. */
export const CONVULSIONS = phrasings(
  String.raw`con?vul\w*`,
  String.raw`covul\w*`,
  String.raw`sei[sz]\w*`,
  String.raw`siez\w*`,
  String.raw`fits`,
  String.raw`fitting`,
  String.raw`fitted`,
  String.raw`(?:had|having|has|have|with|a) (?:an? |one |two |\d+ )?fits?`,
  String.raw`epileptic (?:fit|attack)s?`,
  String.raw`jerk(?:ing|y) (?:movements?|of (?:the )?(?:arms|legs|limbs|body))`,
  String.raw`eyes? (?:was |were |is |are |dey )?(?:rolled|rolling|rolls|roll (?:back|up)|turn(?:ed|ing)?(?: back| up)?)(?!\s+(?:yellow|red|pale|white|pink))`,
  String.raw`(?:body|arms?|legs?|limbs|hands?)(?: and (?:arms?|legs?|limbs|hands?))? (?:was |were |is |are |dey )?jerk(?:ing|ed|s)?`,
  String.raw`dey jerk\w*`,
  String.raw`foam(?:ed|ing|s)? (?:at|from) (?:the )?mouth`,
  String.raw`(?:went|goes|became|go|gone|going) stiff`,
  String.raw`shaking (?:episode|attack|spell)s?`,
  String.raw`maybe (?:a )?fits?`,
  // Pidgin "to fit" is to have a fit: "she fit for house", "pikin don fit two times", "e dey fit".
  String.raw`(?:she|he|e|pikin|baby|child|di pikin|the child|the baby) (?:don |dey |bin |just |don dey )?fit(?:s|ted)?(?!\s+(?:in|into|the|well|and|to|on|${PIDGIN_CAN_VERBS})\b)`,
);

const NOT_TO_TREATMENT = String.raw`(?!\s+to\s+(?:the\s+)?(?:treatment|tx|therapy|medic\w*|drugs?|antibiotics?|antimalarials?|paracetamol|panadol|amoxicillin|act|coartem|al|ors|tablets?|syrup|meds|management))`;

/** Lethargic (abnormally sleepy, hard to wake) or unconscious. */
export const LETHARGIC_OR_UNCONSCIOUS = phrasings(
  String.raw`letha?rgi?c\w*`,
  String.raw`letargic\w*`,
  String.raw`lethargy`,
  String.raw`unconsc?i?ous\w*`,
  String.raw`unconcious\w*`,
  String.raw`(?:very|abnormally|unusually|too|extremely) (?:sleepy|drowsy)`,
  String.raw`(?:difficult|hard|unable|impossible) to (?:wake|rouse|arouse|awaken)(?: up)?`,
  String.raw`(?:does|did|will) not wake(?: up)?`,
  String.raw`not waking(?: up)?`,
  String.raw`unrous(?:e)?able`,
  String.raw`not (?:rous(?:e)?able|arousable)`,
  String.raw`(?:not|no longer) respon(?:ding|sive)${NOT_TO_TREATMENT}`,
  String.raw`unrespon(?:sive|ding)${NOT_TO_TREATMENT}`,
  String.raw`coma`,
  String.raw`comatose`,
  String.raw`passed out`,
  String.raw`collapsed`,
  String.raw`floppy`,
  String.raw`(?:does|did|will) not respond(?:ing)?${NOT_TO_TREATMENT}`,
  String.raw`no fit wake(?: up)?`,
  String.raw`faint(?:ed|s)`,
  String.raw`limp(?! (?:leg|walk|when))`,
);

/** IMCI's general danger signs in a child of 2 months up to 5 years (any one makes a cough severe pneumonia). */
export const GENERAL_DANGER_SIGNS: readonly RegExp[] = [UNABLE_TO_DRINK, UNABLE_TO_BREASTFEED, VOMITS_EVERYTHING, CONVULSIONS, LETHARGIC_OR_UNCONSCIOUS];

/** Lower chest wall indrawing (IMCI sign of pneumonia in a child). */
export const CHEST_INDRAWING = phrasings(
  String.raw`(?:lower )?chest(?: wall)? in-?\s?drawing`,
  String.raw`in-?drawing`,
  String.raw`(?:sub|inter)costal (?:recession|retraction|indrawing)s?`,
  String.raw`chest (?:is )?(?:pulling|sucking|drawing|going) in`,
  String.raw`chest retractions?`,
  String.raw`ribs? (?:are |is )?(?:sucking|pulling|drawing|going|sinking) in`,
  String.raw`(?:chest|ribs?) (?:dey )?(?:sink|suck)\w* in`,
);

const BREATHING_PROBLEM = String.raw`(?:difficult(?:y|ies)? (?:in |with )?breath\w*|breathing difficult\w*|difficult breathing|shortness of breath|short of breath|sob|breathless\w*|dyspn\w*|trouble breathing|breathing problems?)`;

/** Severe difficulty breathing, including the signs that show it (grunting, stridor, cyanosis). */
export const SEVERE_DIFFICULTY_BREATHING = phrasings(
  String.raw`(?:severe|severely|very severe|extreme|serious|very bad|marked|great|a lot of)\s+${BREATHING_PROBLEM}`,
  String.raw`${BREATHING_PROBLEM}\s*(?:is\s+|:\s*|-\s*)?(?:very\s+)?(?:severe|bad|extreme|\+\+\+?)`,
  String.raw`(?:very|extremely) (?:difficult|hard) to breathe?`,
  String.raw`breathing (?:is )?very (?:difficult|hard|labou?red)`,
  String.raw`unable to breathe?`,
  String.raw`(?:can )?hardly breath(?:e|ing)`,
  String.raw`struggling (?:to breathe?|for (?:breath|air))`,
  String.raw`fighting for (?:breath|air)`,
  String.raw`gasp(?:s|ing)`,
  String.raw`grunt(?:s|ing)`,
  String.raw`stridor`,
  String.raw`(?:lips?|tongue|face) (?:is |are |turning |turned |look |looks )?(?:blue|bluish)`,
  String.raw`blue (?:lips?|tongue)`,
  String.raw`cyano(?:sis|sed|tic)`,
  String.raw`respiratory distress`,
  String.raw`(?:not|stopped) breathing(?!\s+(?:fast|rapidly|quickly|heavily))`,
);

/** Chest pain (adults: a sign of severe illness). */
export const CHEST_PAIN = phrasings(
  String.raw`chest pains?`,
  String.raw`chest ache`,
  String.raw`pain (?:in|on|over|across) (?:the |his |her |my )?chest`,
  String.raw`chest (?:is )?(?:paining|hurting|hurts|painful)`,
  // Pidgin: "chest dey pain am", "chest don dey hurt", "pain for im chest".
  String.raw`chest (?:dey |don |don dey )(?:pain|hurt)\w*`,
  String.raw`pain (?:for|inside) (?:the |his |her |my |im |him )?chest`,
  String.raw`tight chest`,
  String.raw`chest tightness`,
  String.raw`tightness (?:in|of) (?:the )?chest`,
);

/** Stiff neck (with fever: a sign of meningitis). */
export const STIFF_NECK = phrasings(
  String.raw`stiff(?:ness)? (?:of |in )?(?:the |his |her )?neck`,
  String.raw`neck (?:is |was |feels )?(?:stiff\w*|rigid\w*)`,
  String.raw`nuchal rigidity`,
  String.raw`(?:unable|difficult|hard) to (?:bend|flex) (?:the |his |her )?neck`,
  String.raw`meningism\w*`,
);

const FEVER_TEMPERATURE = String.raw`(?:3[89]|4[0-2])(?:\.\d+)?`;

/** Fever stated in words, or a temperature of 38 °C or more. */
export const FEVER = phrasings(
  String.raw`fever\w*`,
  String.raw`febrile`,
  String.raw`pyrexi\w*`,
  String.raw`hot body`,
  String.raw`body (?:is |feels |was )?(?:very )?hot`,
  String.raw`(?:high|raised) (?:temperature|temp)`,
  String.raw`hotness of (?:the )?body`,
  String.raw`(?:temp\w*|t)\s*(?:is|of|was|=|:)?\s*${FEVER_TEMPERATURE}`,
  String.raw`${FEVER_TEMPERATURE}\s*(?:°\s*c|deg\w*(?:\s*c)?|c)`,
);

/** A temperature of 37.5 to 37.9 °C: fever in a young infant (IMCI), below FEVER's 38. */
export const YOUNG_INFANT_FEVER_TEMPERATURE = phrasings(
  String.raw`(?:temp\w*|t)\s*(?:is|of|was|=|:)?\s*37\.[5-9]\d*`,
  String.raw`37\.[5-9]\d*\s*(?:°\s*c|deg\w*(?:\s*c)?|c)`,
);

/** A count of 60 to 149 breaths a minute. */
const SIXTY_OR_MORE = String.raw`(?:[6-9]\d|1[0-4]\d)`;

/**
 * Fast breathing in a young infant (IMCI: 60 breaths a minute or more under 2 months): a count of 60 or
 * more, or fast breathing stated (a count the health worker made but did not write).
 */
export const YOUNG_INFANT_FAST_BREATHING = phrasings(
  String.raw`(?:respiratory rate|resp(?:iratory)? rate|rr|breathing(?: rate)?|breaths?)\s*(?:of|is|=|:)?\s*${SIXTY_OR_MORE}`,
  String.raw`${SIXTY_OR_MORE}\s*breaths?\s*(?:per|\/|a)\s*min\w*`,
  String.raw`fast breathing`,
  String.raw`breathing (?:is )?(?:very )?(?:fast|rapid\w*)`,
  String.raw`rapid breathing`,
  String.raw`tachypn\w*`,
);

/** Feeding poorly (IMCI: a sign of very severe disease in a young infant; "not able to feed" is UNABLE_TO_BREASTFEED). */
export const FEEDING_POORLY = phrasings(
  String.raw`(?:feed|breast\s?-?\s?feed|suck)(?:s|ing)? poorly`,
  String.raw`poor(?:ly)? (?:feed|breast\s?-?\s?feed|suck)\w*`,
  String.raw`not (?:feeding|breast\s?-?\s?feeding|sucking) (?:well|properly|much|enough|normally)`,
);

/** The word that says a fever is absent even without a negation cue. */
export const AFEBRILE = /\bafebrile\b/;

const HEADACHE_WORD = String.raw`(?:head ?aches?|hedaches?|head pains?)`;

/** Headache of any severity. */
export const HEADACHE = phrasings(
  HEADACHE_WORD,
  String.raw`pain in (?:the |her |his )?head`,
  String.raw`head (?:is )?(?:paining|aching|hurting)`,
  String.raw`head (?:dey |is )?pain\w*`,
);

const SEVERE_WORDS = String.raw`(?:severe|severly|severely|very bad|bad|terrible|strong|serious|worst|intense|excruciating|splitting|unbearable|persistent|pounding|very painful)`;

/** A headache described as severe. */
export const SEVERE_HEADACHE = phrasings(
  String.raw`${SEVERE_WORDS}\s+(?:\w+\s+)?${HEADACHE_WORD}`,
  String.raw`${HEADACHE_WORD}\s*(?:is\s+|:\s*|-\s*)?(?:very\s+)?(?:severe|bad|terrible|strong|unbearable|\+\+\+?)`,
  String.raw`head (?:dey |is )?(?:pain|paining|hurting|aching)(?: (?:her|him|me))? (?:well well|too much|very much|badly|plenty|so much)`,
);

/** Blurred vision or other disturbance of sight. */
export const BLURRED_VISION = phrasings(
  String.raw`blurr?(?:ed|y|ing)?\s+(?:vision|eye ?sight|sight|eyes)`,
  String.raw`blurring of (?:the )?vision`,
  String.raw`(?:vision|eye ?sight|sight|eyes) (?:is |are |has become |becoming |getting )?(?:blurr?(?:ed|y)?|blurring|unclear|dim)`,
  String.raw`unable to see (?:well|clearly|properly)`,
  String.raw`(?:seeing|sees) (?:spots|stars|flashes|flashing lights|double)`,
  String.raw`(?:spots|flashes|flashing lights) (?:before|in front of) (?:the |her |his )?eyes`,
  String.raw`visual (?:disturbances?|changes|problems?)`,
  String.raw`vision problems?`,
  String.raw`double vision`,
  String.raw`blurred`,
  String.raw`eyes? (?:dey |is |are )?(?:blur|blurry|blurring|dark)`,
);

/** Confusion (with a blood pressure of 180/110 or more, a sign of a hypertensive emergency). */
export const CONFUSION = phrasings(
  String.raw`confus(?:ed|ion)`,
  String.raw`disorient(?:ed|ated)`,
  String.raw`not making sense`,
  String.raw`talking nonsense`,
);

/** Weakness or numbness of one side, or difficulty speaking: a stroke's signs. */
export const ONE_SIDED_WEAKNESS = phrasings(
  String.raw`(?:weak(?:ness)?|numb(?:ness)?|paraly[sz]\w*)\s+(?:of\s+)?(?:the\s+|her\s+|his\s+)?(?:one side|left side|right side|face|arm|leg)`,
  String.raw`(?:face|mouth) (?:is )?(?:drooping|twisted)`,
  String.raw`slurred speech`,
  String.raw`(?:difficulty|trouble|cannot|can't|unable to) (?:speaking|speak|talk|talking)`,
);

const ABDOMEN = String.raw`(?:abdominal|abdomen|abdo|abd|belly|stomach|tummy)`;

/** Severe abdominal pain (a danger sign in pregnancy). */
export const SEVERE_ABDOMINAL_PAIN = phrasings(
  String.raw`${SEVERE_WORDS}\s+(?:lower\s+|upper\s+)?${ABDOMEN}\s*(?:pains?|aches?)?`,
  String.raw`${ABDOMEN}\s+(?:pains?|aches?)\s*(?:is\s+|:\s*|-\s*)?(?:very\s+)?(?:severe|bad|strong|terrible|unbearable|\+\+\+?|too much|well well|plenty)`,
  String.raw`${SEVERE_WORDS} pain in (?:the |her )?(?:lower )?(?:abdomen|belly|stomach|tummy)`,
);

const VAGINAL_SITE = String.raw`(?:pv|p v|vaginally|per vagina\w*|from (?:the |her )?(?:vagina|birth canal|private parts?)|down below)`;

/** Bleeding from the vagina, any amount. */
export const VAGINAL_BLEEDING = phrasings(
  String.raw`(?:vaginal|vaginally|pv|per vagina\w*)\s+(?:bleed\w*|blood|h(?:a)?emorrhage)`,
  String.raw`bleed\w*\s+(?:(?:a lot|heavily|much|lots|profusely|a little|slightly)\s+)?${VAGINAL_SITE}`,
  String.raw`blood (?:coming )?from (?:the |her )?vagina`,
  String.raw`blood (?:is |dey )?(?:coming|comes|come|comot) (?:out )?(?:from )?(?:below|down below|(?:her )?private parts?)`,
  String.raw`spotting`,
);

/** Bleeding without a stated site, read as vaginal only in the context of pregnancy. */
export const BLEEDING_ANY_SITE = new RegExp(
  String.raw`(?<!\b(?:nose|gums?|wound|rectal|cut|skin)\s)\b(?:bleed(?:ing|s)?|blood loss|h(?:a)?emorrhage)\b` +
    String.raw`(?!\s+(?:from|of|in)\s+(?:the\s+|his\s+|her\s+)?(?:nose|gums?|mouth|ears?|wound|cut|skin|injury|rectum|anus|eyes?|stools?|urine))`,
);

/** Bleeding described as heavy, wherever it comes from. */
export const HEAVY_BLEEDING = phrasings(
  String.raw`(?:heavy|heavily|profuse|profusely|massive|excessive|severe|a lot of|lots of|too much|plenty of)\s+(?:vaginal\s+|pv\s+)?(?:bleeding|blood loss|blood|h(?:a)?emorrhage)`,
  String.raw`bleed\w*\s+(?:very\s+)?(?:heavily|a lot|profusely|too much|so much|excessively|lots|plenty|well well)`,
  String.raw`blood (?:dey |is |was )?(?:comot|come|coming|comes|pour\w*|flow\w*|gush\w*)\s+(?:out\s+)?(?:plenty|too much|a lot|well well|heavily)`,
  String.raw`blood (?:is |was |dey )?(?:pouring|gushing)`,
  String.raw`(?:wrappers?|lappas?|cloths?|clothes|pads?|sheets?|towels?|bed) (?:is |are |was |were |all )?soaked`,
  String.raw`all soaked`,
  String.raw`(?:changing|changed|changes|soaked|soaking) (?:a |one |\d+ |many |several |two |three )?(?:new )?(?:pads?|cloths?|wrappers?) (?:every|in (?:an|one|1) (?:hour|hr))`,
  String.raw`(?:big|large|huge) (?:blood )?clots`,
  String.raw`clots? (?:big|large|like)`,
  String.raw`soak\w*\s+(?:through\s+)?(?:\w+\s+)?(?:pads?|cloths?|clothes|towels?|sheets?|bed|wrappers?)`,
  String.raw`(?:pads?|cloths?) (?:are |is |were )?soaked`,
  String.raw`(?:changing|changed|changes|uses|using|used) (?:a |one |\d+ |many |several )?(?:new )?pads? every`,
  String.raw`(?:postpartum|post-partum|post partum) h(?:a)?emorrhage`,
  String.raw`pph`,
  String.raw`passing (?:big |large )?(?:blood )?clots`,
);

/** Words that place a bleed somewhere other than the vagina. */
export const NON_VAGINAL_SITE =
  /\b(?:nose|nasal|gums?|mouth|ears?|wound|cut|injury|head|arm|leg|hand|foot|rectum|rectal|anus)\b/;

/** Words that make blood a finding in an excretion rather than a haemorrhage. */
export const EXCRETION_SITE =
  /\b(?:stools?|poo\w*|faeces|feces|diarr?h?o?e?a\w*|sputum|cough\w*|urine|urinating|vomit\w*|motions?)\b/;

/** Words that place a bleed at the vagina. */
export const VAGINAL_CUE =
  /\b(?:pv|p v|vagina\w*|pads?|cloths?|wrappers?|lappas?|from below|down below|after (?:she|the baby) (?:born|came|was born)|she born|(?:since|after) (?:the )?delivery|after (?:the )?baby|period|menstrua\w*|menses|postpartum|post-partum|post partum|pph|after (?:delivery|giving birth|birth)|lochia|birth canal)\b/;

/** Pregnancy or the weeks after childbirth. */
export const PREGNANCY = phrasings(
  String.raw`pregnan\w*`,
  String.raw`preg`,
  String.raw`(?:get|gets|got|carry|carries|carrying|with|has|have|having) (?:a )?belle`,
  String.raw`belle`,
  String.raw`gravid\w*`,
  String.raw`primigravida`,
  String.raw`multigravida`,
  String.raw`expecting (?:a baby|twins)`,
  String.raw`gestation\w*`,
  String.raw`ga\s*[:=]?\s*\d+`,
  String.raw`\d{1,2}\s*\/\s*40`,
  String.raw`antenatal`,
  String.raw`ante-natal`,
  String.raw`anc`,
  String.raw`trimester`,
  String.raw`postpartum`,
  String.raw`post-partum`,
  String.raw`post partum`,
  String.raw`after (?:delivery|giving birth|childbirth)`,
  String.raw`(?:just|recently) delivered`,
  String.raw`delivered (?:a |her |the )?(?:baby|yesterday|today|last)`,
  String.raw`gave birth`,
  String.raw`miscarr\w*`,
  String.raw`abortion`,
  String.raw`pph`,
  String.raw`lochia`,
);

const UNBORN = String.raw`(?:baby|fo?etus|pikin|child)`;

/**
 * The baby in the womb moving less or not at all (a pregnancy danger sign: "reduced movements of the baby
 * needs urgent referral"). The phrasings that start with "not"/"no" include it, as UNABLE_TO_DRINK's do.
 * Read only in the context of pregnancy: "baby not moving" of a born baby is another sign.
 */
export const REDUCED_FETAL_MOVEMENTS = phrasings(
  String.raw`(?:reduced|decreased|less|fewer|poor|absent|no) (?:fo?etal |baby'?s? )?(?:movements?|kicks?|kicking)(?: of the baby)?`,
  String.raw`${UNBORN} (?:is |has )?(?:not|no|never|no dey|not dey|don't|does not|has not|stopped|has stopped|no longer) (?:mov\w*|kick\w*)`,
  String.raw`${UNBORN} (?:is )?(?:moving|moves|kicking|kicks) (?:less|little|very little|rarely)`,
  String.raw`(?:not|no longer|never) (?:feeling|feel|felt) (?:the )?${UNBORN} (?:mov\w*|kick\w*)`,
);

/** The waters broken: "waters broke", "water don break", "leaking fluid", "ruptured membranes". */
export const WATERS_BROKEN = phrasings(
  String.raw`(?:her |the )?waters? (?:has |have |don |don dey )?(?:broken|broke|break|burst|bursted|rupture\w*)`,
  String.raw`(?:leaking|draining|losing) (?:clear )?(?:fluid|water|liquor)`,
  String.raw`water (?:dey )?(?:comot|come out|pour|leak\w*)`,
  String.raw`ruptured membranes`,
  String.raw`rupture of (?:the )?membranes`,
);

/** Sunken eyes (a sign of dehydration). */
export const SUNKEN_EYES = phrasings(
  String.raw`sunken (?:eyes|eyeballs)`,
  String.raw`eyes (?:are |look |looking |very )*(?:sunken|sunk\w*|deep)`,
  // Pidgin: "eye don sink", "e eye dey sink".
  String.raw`eyes? (?:don |dey |don dey |have |has )?sink\w*`,
);

/**
 * Eyes looked at and not sunken: "eyes not sunken", "eyes normal", Pidgin "eye no sink". The word "not" is
 * part of the phrasing (the negation check looks only before a match), as for a skin pinch that goes back at once.
 */
export const EYES_NOT_SUNKEN = phrasings(
  String.raw`eyes? (?:are |is |look |looks )?(?:not|no) (?:sunken|sunk\w*|deep)`,
  String.raw`eyes? (?:no|no dey|never) sink\w*`,
  String.raw`eyes? (?:are |look |looks )?normal`,
);

const PINCH = String.raw`(?:skin )?pinch(?: test)?`;
const GOES_BACK = String.raw`(?:goes back|returns|went back|go back|takes|is)`;

/** Skin pinch going back very slowly (a sign of severe dehydration). */
export const VERY_SLOW_SKIN_PINCH = phrasings(
  String.raw`${PINCH}\s*${GOES_BACK}?\s*(?:very slow(?:ly)?|more than 2 ?(?:s|secs?|seconds))`,
  String.raw`${PINCH}\s*(?:>|more than|over)\s*2\s*(?:s|secs?|seconds)`,
  String.raw`very slow (?:skin )?pinch`,
);

/** Skin pinch going back slowly but not very slowly (some dehydration). */
export const SLOW_SKIN_PINCH = phrasings(
  String.raw`${PINCH}\s*${GOES_BACK}?\s*slow(?:ly)?`,
  String.raw`(?<!very )slow (?:skin )?pinch`,
);

/** Skin pinch going back at once (IMCI's normal pinch: not a sign of dehydration). */
export const NORMAL_SKIN_PINCH = phrasings(
  String.raw`${PINCH}\s*${GOES_BACK}?\s*(?:back\s*)?(?:immediately|quickly|at once|normal(?:ly)?|fast)`,
  String.raw`normal (?:skin )?pinch`,
);

/** "Severe dehydration" said outright. */
export const SEVERE_DEHYDRATION_STATED = phrasings(String.raw`severe(?:ly)? dehydrat\w*`);

/** Restless or irritable (a sign of some dehydration). */
export const RESTLESS_OR_IRRITABLE = phrasings(String.raw`restless\w*`, String.raw`irritab\w*`);

/** Drinks eagerly, thirsty (a sign of some dehydration): "drink ORS quick quick like thirsty". */
export const DRINKS_EAGERLY = phrasings(
  String.raw`drinks? eagerly`,
  String.raw`drinking eagerly`,
  String.raw`very thirsty`,
  String.raw`thirsty`,
  // Pidgin: "e drink ORS quick quick like say thirst dey", "e dey drink water like say e thirsty".
  String.raw`drink\w* (?:\w+ ){0,2}quick quick`,
  String.raw`like say (?:e |him |she |he )?thirst\w*`,
);
