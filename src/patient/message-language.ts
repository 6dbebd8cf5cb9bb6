/**
 * The language a message is written in, so negation and two-reading words are read in it: franc
 * (restricted to the languages the catalogue has) for English, French and Kiswahili, and the marker
 * words of knowledge/language-markers.yaml for West African Pidgin, which franc has no model for.
 * A message too short to tell is English.
 */
import { franc } from 'franc';
import { z } from 'zod';
import type { Language } from './danger-sign-catalogue.js';
import { readKnowledgeFile } from './knowledge-file.js';

const markersFile = z.object({ version: z.literal(1), pcm: z.object({ strong: z.array(z.string()), weak: z.array(z.string()) }) });
let markers: z.infer<typeof markersFile>['pcm'] | undefined;

function pidginMarkers(): z.infer<typeof markersFile>['pcm'] {
  markers ??= readKnowledgeFile('language-markers.yaml', markersFile).pcm;
  return markers;
}

const FRANC_TO_LANGUAGE: Readonly<Record<string, Language>> = { eng: 'en', fra: 'fr', swh: 'sw' };

/** The language of `text`: en, pcm, fr or sw. */
export function detectMessageLanguage(text: string): Language {
  const words = text.toLowerCase().normalize('NFKD').replace(/\p{M}+/gu, '').split(/[^a-z]+/).filter(Boolean);
  const { strong, weak } = pidginMarkers();
  const strongCount = words.filter((w) => strong.includes(w)).length;
  const weakCount = words.filter((w) => weak.includes(w)).length;
  if (strongCount >= 1 && strongCount + weakCount >= 2) return 'pcm';
  if (words.length < 4) return 'en';
  return FRANC_TO_LANGUAGE[franc(text, { only: ['eng', 'fra', 'swh'], minLength: 10 })] ?? 'en';
}
