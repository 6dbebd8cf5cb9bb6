/**
 * A plan written after triage sent an urgent referral in the same consult: the referral stays its first
 * line, and guidance that only holds when there are no danger signs (treat at home, "uncomplicated",
 * "if no danger signs, give ...") or gives a course of treatment at home is left out, so a plan can never
 * talk a health worker out of referring.
 */

import { givesHomeCourse } from '../../rag/plan/home-course.js';
import { ACTION_LINE } from '../../rag/plan/plan-action.js';

/** The first line of every plan and answer in a consult with an urgent referral: what to do, as every plan's first line says it. */
export const REFERRAL_FIRST_LINE =
  '**URGENT: Refer now.** This consult found a sign of serious illness: take the patient to a health facility now. The guidance below is only for before and during the journey, not instead of it.';

/** Headings of sections written for patients without danger signs. */
const NO_DANGER_SECTION = /\b(?:uncomplicated|at home|home (?:care|treatment|management)|without danger signs|no danger signs|mild|outpatient)\b/i;

/** Sentences that assume there are no danger signs or that the patient stays at home. */
const NO_DANGER_LINE =
  /\b(?:no|without|absence of|any) danger signs?\b|\buncomplicated\b|\b(?:treat|treated|treating|treatment|manage|managed|managing|care)\b(?:\s+\w+){0,4}\s+at home\b|\bhome (?:treatment|care|management)\b|\bdoes not need (?:to be )?refer/i;

/** Whether a section (by its headings) is written for patients without danger signs. */
export function sectionAssumesNoDangerSigns(section: { titlePath: string }): boolean {
  return NO_DANGER_SECTION.test(section.titlePath);
}

/**
 * The plan text as sent after a referral: the referral first, then the plan without its lines that
 * assume no danger signs. Headings, sources and notes (lines without such wording) are kept.
 */
export function planAfterReferral(text: string): string {
  // A heading whose every line assumed no danger signs goes with them: an empty "Follow-up" reads as if
  // the guideline had nothing to say. The plan's own first line (what to do) gives way to the referral's.
  const blocks = text.split('\n\n').filter((block) => !ACTION_LINE.test(block.trim())).flatMap((block) => {
    const lines = block.split('\n');
    const kept = lines.filter((line) => !assumesNoDangerSigns(line));
    const emptied = kept.length < lines.length && kept.length === 1 && /^\*\*[^*]+\*\*$/.test(kept[0]?.trim() ?? '');
    return emptied ? [] : [kept.join('\n')];
  });
  return `${REFERRAL_FIRST_LINE}\n\n${blocks.join('\n\n')}`;
}

const isBullet = (line: string) => line.trimStart().startsWith('- ');

/** A plan line (not a source line) worded for a patient without danger signs, or giving a course of treatment at home. */
function assumesNoDangerSigns(line: string): boolean {
  if (!isBullet(line) || /^\s*- S\d+:/.test(line)) return false;
  return NO_DANGER_LINE.test(line) || givesHomeCourse(line);
}
