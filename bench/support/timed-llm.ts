/**
 * A slow Claude for bench:load: the scripted consult responder (real tools, streaming through the
 * fake Anthropic server) answering after a random 1-3 s, with the wait of every call booked against the
 * health worker's message that caused it. Each simulated message carries a tag (`#t<turn id>`), which
 * is stripped before the scripted responder reads the request, so the consult sees the text as typed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AnthropicResponder, FakeAnthropicRequest } from '../../test/fakes/fake-anthropic-server.js';
import { scriptedConsultResponder } from './scripted-consult-llm.js';

const TAG = /\s*#t(\d+)/g;

/** The tag a simulated message ends with, naming its turn. */
export function turnTag(turnId: number): string {
  return ` #t${turnId}`;
}

export interface TimedLlm {
  responder: AnthropicResponder;
  /** Milliseconds the fake LLM spent answering calls caused by this turn's message (0 if none). */
  waitOf(turnId: number): number;
  /** Calls answered, and those not attributable to a turn (plan writing). */
  calls(): { total: number; plan: number };
}

/** Wraps the scripted responder with a uniform `minMs`..`maxMs` latency per call. */
export function timedLlm(options: { minMs: number; maxMs: number }): TimedLlm {
  const waits = new Map<number, number>();
  let total = 0;
  let plan = 0;
  const responder: AnthropicResponder = async (request, callIndex) => {
    const started = performance.now();
    // The newest tag in the conversation is the message this call answers.
    const tags = [...JSON.stringify(request.messages).matchAll(TAG)];
    const turn = tags.length > 0 && request.tools && request.tools.length > 0 ? Number(tags.at(-1)?.[1]) : undefined;
    const reply = scriptedConsultResponder(untagged(request), callIndex);
    await sleep(options.minMs + Math.random() * (options.maxMs - options.minMs));
    total += 1;
    if (turn === undefined) plan += 1;
    else waits.set(turn, (waits.get(turn) ?? 0) + (performance.now() - started));
    return reply;
  };
  return { responder, waitOf: (turnId) => waits.get(turnId) ?? 0, calls: () => ({ total, plan }) };
}

function untagged(request: FakeAnthropicRequest): FakeAnthropicRequest {
  return JSON.parse(JSON.stringify(request).replace(TAG, '')) as FakeAnthropicRequest;
}
