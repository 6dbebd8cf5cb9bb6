/**
 * A plan line giving a course of treatment at home: a dose with days of it ("twice a day for 7 days") or
 * the whole treatment in one dose ("a single dose of praziquantel"). In a plan that sends the patient to
 * hospital now, such a line replaces nothing the hospital does and may delay the journey; what is given
 * before or on the way to the referral ("the first dose", "pre-referral") is not one.
 */
import { findDoses } from './doses.js';

const HOME_COURSE = /\bfor\s+(?:\d+|one|two|three|four|five|six|seven|eight|ten|fourteen)\s+(?:more\s+)?(?:days?|weeks?|months?)\b|\bsingle dose\b|\bdaily for\b/i;
const BEFORE_REFERRAL =
  /\bbefore (?:referral|referring|the journey|transfer|leaving|(?:she|he|the (?:child|baby|infant|patient|woman|man)) leaves?)\b|\bpre-?referral\b|\bfirst dose\b|\bon the way\b|\bduring the journey\b|\bwhile (?:waiting|arranging)\b/i;

export function givesHomeCourse(line: string): boolean {
  return findDoses(line).length > 0 && HOME_COURSE.test(line) && !BEFORE_REFERRAL.test(line);
}
