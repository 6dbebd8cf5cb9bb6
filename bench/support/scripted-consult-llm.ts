/**
 * A zero-latency Claude for the consult benches: a FakeAnthropicServer responder that answers the
 * interview with the real tools (collect_demographics, record_findings, generate_differentials) and the
 * plan writer with a draft whose every line is copied from the section it cites, so the citation and
 * dose checks keep it and the plan is stored as an LLM plan. It reads only what the adapters send, so
 * the whole request path (prompt building, streaming, tool validation) runs as in production.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { DATA_CLOSE, DATA_OPEN } from '../../src/infra/llm/anthropic-plan-writer.js';
import { sectionUnits } from '../../src/rag/plan/section-text.js';
import { replyText, replyToolUse, type AnthropicResponder, type FakeAnthropicRequest, type FakeReply } from '../../test/fakes/fake-anthropic-server.js';

/** The condition the scripted model settles on; the sample corpus covers it. */
export const SCRIPTED_DIAGNOSIS = 'uncomplicated malaria';
/** What the scripted model asks after recording something. */
export const SCRIPTED_QUESTION = 'Noted. Any other findings: temperature, breathing rate, medicines already taken?';
/** A health worker's message that makes the scripted model end the interview. */
export const END_OF_INTERVIEW = /\b(that is all|nothing else)\b/i;

/** Answers every interview and plan request at once, from the request alone. */
export const scriptedConsultResponder: AnthropicResponder = (request) =>
  request.tools && request.tools.length > 0 ? interviewReply(request) : planReply(request);

function interviewReply(request: FakeAnthropicRequest): FakeReply {
  const last = request.messages.at(-1);
  const blocks = Array.isArray(last?.content) ? last.content : [];
  // The tool results came back: the model now asks its next question.
  if (blocks.some((block) => block.type === 'tool_result')) return replyText(SCRIPTED_QUESTION);
  const text = blocks.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
  const stage = /"stage":"(\w+)"/.exec(text)?.[1];
  const message = /<chw_message>\n([\s\S]*?)\n<\/chw_message>\s*$/.exec(text)?.[1] ?? '';
  if (stage === 'demographics') return replyToolUse({ name: 'collect_demographics', input: demographicsOf(message) });
  if (END_OF_INTERVIEW.test(message)) {
    return replyToolUse({
      name: 'generate_differentials',
      input: { diagnoses: [{ condition: SCRIPTED_DIAGNOSIS, confidence: 0.8, rationale: 'fever with a positive RDT' }] },
    });
  }
  return replyToolUse({ name: 'record_findings', input: { findings: findingsOf(message) } });
}

function demographicsOf(message: string): Record<string, unknown> {
  const age = Number(/(\d{1,3})\s*(?:years?|yrs?|y\b)/i.exec(message)?.[1] ?? 30);
  const sex = /\b(woman|female|girl)\b/i.test(message) ? 'female' : 'male';
  return { age_years: age, sex, ...(sex === 'female' ? { pregnant: false } : {}) };
}

function findingsOf(message: string): Array<{ category: string; value: string; negated?: boolean }> {
  const phrases = [...new Set(message.split(/[,;]/).map((p) => p.trim().toLowerCase()).filter((p) => p.length > 1))];
  const findings = phrases.slice(0, 20).map((value) => ({
    category: /\b(rdt|test)\b/.test(value) ? 'test_result' : 'symptom',
    value,
    ...(value.startsWith('no ') ? { negated: true } : {}),
  }));
  return findings.length > 0 ? findings : [{ category: 'symptom', value: 'unwell' }];
}

interface PlanData {
  sections: Array<{ label: string; title: string; text: string }>;
}

/** Three or more bullets, each a sentence or list item copied verbatim from the section it cites. */
function planReply(request: FakeAnthropicRequest): FakeReply {
  const content = request.messages[0]?.content;
  const user = typeof content === 'string' ? content : (content ?? []).map((b: Anthropic.Messages.ContentBlockParam) => (b.type === 'text' ? b.text : '')).join('');
  const json = user.slice(user.indexOf(DATA_OPEN) + DATA_OPEN.length, user.lastIndexOf(DATA_CLOSE));
  const data = JSON.parse(json) as PlanData;
  const candidates = data.sections.map((section) => ({
    label: section.label,
    units: sectionUnits(section.text)
      .filter((u) => (u.kind === 'sentence' || u.kind === 'item') && u.text.length >= 20 && !u.text.includes('['))
      .map((u) => u.text),
  }));
  // Round-robin over the sections, so the plan cites several of them as a real one would.
  const bullets: string[] = [];
  for (let depth = 0; bullets.length < 4 && candidates.some((c) => c.units.length > depth); depth++) {
    for (const c of candidates) {
      const unit = c.units[depth];
      if (unit && bullets.length < 4) bullets.push(`- ${unit} [${c.label}]`);
    }
  }
  return replyText(['**Assessment**', ...bullets.slice(0, 1), '', '**What to do now**', ...bullets.slice(1)].join('\n'));
}
