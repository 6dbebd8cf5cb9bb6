import type { JobQueue } from '../core/jobs.js';
import { userMessage } from '../core/app-error.js';
import type { ConsultSnapshot, ConsultStore, TurnOutcome } from './consult-store.js';
import type { PendingInbound } from './message-store.js';
import { deliverOutbox, type DeliveryDeps } from './deliver-outbox.js';
import type { InterviewModel } from './interview-model.js';
import { recordableText, scannableText } from './inbound-text.js';
import type { InboundMessage } from './messages.js';
import { extractFacts, type ExtractedFacts } from './offline/extract-facts.js';
import type { SenderHasher } from './enrollment/sender-hash.js';
import { followUpJob, planJob } from './plan-job.js';
import { triageMessage } from './triage/triage-message.js';
import { formatUrgentReferral } from './triage/format-urgent-referral.js';
import { handleTurn, type ConditionCoverage } from './turn/handle-turn.js';
import type { ConsultProtocolState } from './consult-store.js';
import { keepPhoto } from './media/keep-photo.js';
import type { MediaDeps } from './media/ports.js';
import { PHOTO_NOT_READ, transcriptEcho, VOICE_TYPE_INSTEAD } from './media/texts.js';
import { transcribeVoiceNote, type VoiceNoteResult } from './media/transcribe-voice-note.js';
import { readTranscriptAnswer } from './media/transcript-answer.js';

export interface ConsultEngineDeps extends DeliveryDeps {
  jobs: JobQueue;
  /** Absent: the offline protocol mode. */
  interview?: InterviewModel;
  /** Checks a stated dx: against the guideline library before a plan is requested. */
  coverage?: ConditionCoverage;
  /** The engine reads and writes consults as well as the chat's messages. */
  store: ConsultStore;
  /** Keyed hash for message ids in logs (WhatsApp ids embed a phone number); absent, none is logged. */
  messageRef?: SenderHasher;
  /** Voice notes and photos; absent, both get the fixed "please type" reply. */
  media?: MediaDeps;
}

/**
 * Stores one inbound message once and returns it as the inbox holds it; null for a redelivery, which
 * changes nothing. Throws when it could not be stored: the platform must then not be told it arrived.
 */
export async function acceptInbound(deps: ConsultEngineDeps, message: InboundMessage, healthWorkerId: string | null): Promise<{ chatRef: string; inbound: PendingInbound } | null> {
  // The record keeps the text as sent, minus what the database cannot hold (a NUL byte).
  const storable = message.text === undefined ? message : { ...message, text: recordableText(message.text) };
  let recorded: { chatRef: string; inboundId: string } | null;
  try {
    recorded = await deps.store.recordInbound(storable, healthWorkerId);
  } catch (error) {
    deps.log.error({ channel: message.channel, messageRef: deps.messageRef?.(message.channel, message.messageId), error: error instanceof Error ? error.name : 'unknown' }, 'inbound message could not be stored; it is not acknowledged, so the platform delivers it again');
    throw error;
  }
  if (!recorded) {
    // Platform ids can embed a phone number (WhatsApp): log a hash of it, never the id itself.
    deps.log.info({ channel: message.channel, messageRef: deps.messageRef?.(message.channel, message.messageId) }, 'duplicate inbound ignored');
    return null;
  }
  const inbound: PendingInbound = {
    id: recorded.inboundId,
    chatRef: recorded.chatRef,
    externalChatId: message.chatId,
    channel: message.channel,
    text: storable.text ?? null,
    media: message.media ?? null,
    attachment: message.attachment ?? null,
    edited: message.edited ?? false,
  };
  return { chatRef: recorded.chatRef, inbound };
}

/**
 * Takes one inbound message: stores it once (a redelivery changes nothing) and then handles the chat's
 * inbox in arrival order under the chat's lock. Returns false for a duplicate.
 */
export async function receiveInbound(deps: ConsultEngineDeps, message: InboundMessage, healthWorkerId: string | null): Promise<boolean> {
  const accepted = await acceptInbound(deps, message, healthWorkerId);
  if (!accepted) return false;
  await processChat(deps, accepted.chatRef, accepted.inbound);
  return true;
}

/**
 * Drains the chat's inbox: each pending message runs its turn and commits, then the outbox is sent.
 * If another process holds the lock, that process drains what we stored; after releasing, we look
 * again so a message stored while we held the lock is never left waiting. `arrived`, the message that
 * brought us here, is triaged at once when the chat is busy, so its referral does not wait for the
 * holder's turn to end.
 */
export async function processChat(deps: ConsultEngineDeps, chatRef: string, arrived?: PendingInbound): Promise<void> {
  for (let round = 0; round < 1000; round++) {
    const ran = await deps.store.withChatLock(chatRef, async () => {
      // Inbound messages already triaged ahead of their turn, with what triage found and the facts it read.
      const triaged = new Map<string, Triaged>();
      let delivered = false;
      for (;;) {
        // A danger sign never waits behind earlier messages' turns and paced replies: every message
        // waiting in the inbox is triaged before the next turn, and its referral is sent first.
        const { next, consult } = await triagePending(deps, chatRef, triaged);
        if (!next) break;
        const queueAnswer = await runTurn(deps, next, triaged.get(next.id), consult);
        await deliverOutbox(deps, chatRef);
        delivered = true;
        // The reply ("Searching the guidelines...") goes first: the health worker is waiting for it, and
        // on Telegram a message clears the typing indicator that the queued answer shows.
        await queueAnswer?.();
      }
      // Replies left unsent by an earlier process (a crash, a retry later) go now, once per lock.
      if (!delivered) await deliverOutbox(deps, chatRef);
    });
    if (!ran && round === 0 && arrived) await triageOnArrival(deps, arrived);
    if (!ran || !(await deps.store.hasPendingInbound(chatRef))) return;
  }
}

/**
 * Triage of a message that arrived while its chat is busy with an earlier turn (in this process or
 * another): read against the consult as it stands and the messages still waiting before it, and a
 * referral committed and sent now. Its own turn triages it again; the referral is stored once by the
 * message's key, so it is never sent twice.
 */
export async function triageOnArrival(deps: ConsultEngineDeps, inbound: PendingInbound): Promise<void> {
  const text = scannableText(inbound.text ?? '').text;
  if (!text) return;
  const consult = await deps.store.activeConsult(inbound.chatRef);
  const pending = await deps.store.pendingInbound(inbound.chatRef, TRIAGE_AHEAD_LIMIT);
  const position = pending.findIndex((p) => p.id === inbound.id);
  // Its turn has run already (and triaged it), or it is too deep in a backlog to read ahead of.
  if (position < 0) return;
  const waiting = pending.slice(0, position);
  const waitingTexts = waiting.map((p) => scannableText(p.text ?? '').text).filter((t) => t.length > 0);
  // What the waiting messages say of the patient counts as known, as it will by this message's turn.
  const known = waitingTexts.reduce((before, t) => ({ ...before, ...extractFacts(t).demographics }), consult?.demographics ?? {});
  // As at its turn, a consult already referred is not re-read: its earlier messages sent their referral.
  const transcript = consult && !consult.urgentReferral ? consult.transcript.filter((turn) => turn.role === 'health_worker').map((turn) => turn.text) : [];
  const earlier = [...transcript, ...waitingTexts];
  const hits = triageMessage({ text, before: known, stated: extractFacts(text).demographics, earlier });
  if (hits.length === 0) return;
  await deps.store.commitUrgentReferral({ chatRef: inbound.chatRef, inbound, consultId: consult?.id ?? null, text: formatUrgentReferral(hits), signs: hits.map((h) => h.code) });
  deps.log.warn({ chatRef: inbound.chatRef, consultId: consult?.id, signs: hits.map((h) => h.code) }, 'danger signs on arrival while the chat is busy: urgent referral sent');
  await deliverOutbox(deps, inbound.chatRef, { urgentOnly: true });
}

/** The most inbox messages triaged ahead of their turns in one pass. */
const TRIAGE_AHEAD_LIMIT = 200;

/**
 * Triages the inbox's messages not yet triaged (with what the consult knows now) and sends any
 * referral at once. Returns the next message to take its turn and, when it was read for triage and
 * nothing was committed since, the consult as it stands (undefined: read it again).
 */
async function triagePending(
  deps: ConsultEngineDeps,
  chatRef: string,
  triaged: Map<string, Triaged>,
): Promise<{ next: PendingInbound | undefined; consult: ConsultSnapshot | null | undefined }> {
  let referred = false;
  let consult: ConsultSnapshot | null | undefined;
  const pending = await deps.store.pendingInbound(chatRef, TRIAGE_AHEAD_LIMIT);
  for (const inbound of pending) {
    if (triaged.has(inbound.id)) continue;
    // A referral just committed may have started the consult: read it again after one.
    consult ??= await deps.store.activeConsult(chatRef);
    // A voice note waiting behind others is transcribed now (it was stored long since), so a danger
    // sign in it is referred ahead of the backlog too; its turn uses this transcript.
    const typed = scannableText(inbound.text ?? '').text;
    const voice = isVoiceNote(inbound, typed) ? await transcribeVoiceNote(deps, inbound) : undefined;
    const text = voice?.kind === 'transcript' ? voice.text : typed;
    const facts = extractFacts(text);
    const found = await triage(deps, inbound, consult, text, facts);
    triaged.set(inbound.id, { referred: found, facts, ...(voice ? { voice } : {}) });
    if (found) consult = undefined;
    referred ||= found;
  }
  if (referred) await deliverOutbox(deps, chatRef, { urgentOnly: true });
  return { next: pending[0], consult };
}

async function triage(deps: ConsultEngineDeps, inbound: PendingInbound, consult: ConsultSnapshot | null, text: string, facts: ExtractedFacts): Promise<boolean> {
  if (!text) return false;
  // A consult already referred is not re-read: its earlier messages sent their referral.
  const earlier = consult && !consult.urgentReferral ? consult.transcript.filter((turn) => turn.role === 'health_worker').map((turn) => turn.text) : [];
  const hits = triageMessage({ text, before: consult?.demographics ?? {}, stated: facts.demographics, earlier });
  if (hits.length === 0) return false;
  await deps.store.commitUrgentReferral({
    chatRef: inbound.chatRef,
    inbound,
    consultId: consult?.id ?? null,
    text: formatUrgentReferral(hits),
    signs: hits.map((h) => h.code),
  });
  deps.log.warn({ chatRef: inbound.chatRef, consultId: consult?.id, signs: hits.map((h) => h.code) }, 'danger signs: urgent referral sent');
  return true;
}

/** What triage ahead of a message's turn found: whether it referred, and the facts the rules read. */
interface Triaged {
  referred: boolean;
  /** The facts of the text triage read (a voice note's transcript). */
  facts: ExtractedFacts;
  /** A voice note's transcript (or refusal), made once. */
  voice?: VoiceNoteResult;
}

function isVoiceNote(inbound: PendingInbound, typed: string): boolean {
  return (inbound.media === 'voice' || inbound.media === 'audio') && !typed;
}

/**
 * Runs one message's turn and commits it. Returns what queues the plan or the follow-up answer the turn
 * asked for, to run once its replies are sent (a crash before that leaves the consult waiting for its
 * plan, which the runtime's resume finds).
 */
async function runTurn(deps: ConsultEngineDeps, inbound: PendingInbound, ahead: Triaged | undefined, known: ConsultSnapshot | null | undefined): Promise<(() => Promise<void>) | undefined> {
  const referredAhead = ahead?.referred ?? false;
  const consult = known === undefined ? await deps.store.activeConsult(inbound.chatRef) : known;
  // Triage and extraction read the cleaned, capped text once; the stored record stays as sent.
  const scanned = scannableText(inbound.text ?? '');
  // A voice note is transcribed here, in its turn (never before it was stored); its transcript is
  // triaged at once but becomes findings only once the health worker confirms it.
  const voice = isVoiceNote(inbound, scanned.text) ? (ahead?.voice ?? (await transcribeVoiceNote(deps, inbound))) : undefined;
  const heard = voice?.kind === 'transcript' ? voice.text : undefined;
  // The answer to an echoed transcript: YES takes the transcript as typed, other text corrects it.
  const pending = consult?.state.pendingTranscript;
  const answer = pending !== undefined && heard === undefined && scanned.text ? readTranscriptAnswer(scanned.text, pending) : undefined;
  const text = heard ?? answer?.text ?? scanned.text;
  // The rule extraction runs once per turn: triage reads its demographics, the turn its findings.
  const facts = ahead && (text === scanned.text || text === heard) ? ahead.facts : extractFacts(text);
  // Danger signs first, before and independently of any LLM call; the referral goes out at once. A
  // message triaged ahead found its signs already; one that found none is checked again now that
  // the earlier turns have told the consult the patient's age and pregnancy.
  const referred = referredAhead || (await triage(deps, inbound, consult, text, facts));
  if (referred && !referredAhead) await deliverOutbox(deps, inbound.chatRef, { urgentOnly: true });
  const photo = inbound.media === 'photo' ? await keepPhoto(deps, inbound) : undefined;
  const outcome: TurnOutcome = voice
    ? voiceOutcome(deps, consult, voice.kind === 'transcript' ? { transcript: voice.text } : { reply: voice.reply })
    : inbound.media && !text
      ? photo
        ? photoOutcome(deps, consult, photo)
        : mediaOutcome(inbound.media)
      : scanned.truncated
        ? { replies: [{ text: userMessage('message_too_long'), kind: 'reply' }] }
        : withTranscriptSettled(
            consult,
            answer !== undefined,
            await handleTurn(
              { ...(deps.interview ? { interview: deps.interview } : {}), ...(deps.coverage ? { coverage: deps.coverage } : {}), lastAnswerSources: (id) => deps.store.lastAnswerSources(id) },
              consult,
              { ...inbound, text },
              facts,
            ),
          );
  // The consult remembers the referral (also when this message starts it), so every later plan leads with it.
  const committed = referred ? { ...outcome, consult: { ...outcome.consult, urgentReferral: true } } : outcome;
  const { consultId } = await deps.store.commitTurn({ chatRef: inbound.chatRef, inbound, consultId: consult?.id ?? null, outcome: committed });
  deps.log.info({ chatRef: inbound.chatRef, consultId, inboundId: inbound.id, replies: outcome.replies.length }, 'turn committed');
  if (!consultId || (!outcome.requestPlan && !outcome.requestFollowUp)) return undefined;
  return async () => {
    // The indicator is started, not awaited: a platform call that hangs must not hold back the plan.
    void deps.messenger.typing?.(inbound.channel, inbound.externalChatId).catch(() => undefined);
    if (outcome.requestPlan) await deps.jobs.enqueue(planJob, { consultId });
    if (outcome.requestFollowUp) await deps.jobs.enqueue(followUpJob, { consultId, inboundId: inbound.id });
  };
}

/** What a health worker is told for a media kind the bot cannot read; other kinds get `unsupported_media`. */
const MEDIA_REPLIES: Record<string, string> = {
  voice: VOICE_TYPE_INSTEAD,
  audio: VOICE_TYPE_INSTEAD,
  photo: PHOTO_NOT_READ,
  video: 'I cannot watch videos. Please describe what you see in words.',
  sticker: 'I can only read text. Please type your message.',
  document: 'I cannot open documents. Please type the important findings.',
  location: 'Thank you, but I do not need the location. Please tell me about the patient.',
};

function mediaOutcome(media: string): TurnOutcome {
  return { replies: [{ text: MEDIA_REPLIES[media] ?? userMessage('unsupported_media'), kind: 'reply' }] };
}

/**
 * A voice note's turn: its transcript echoed back and remembered on the consult until the health worker
 * confirms or corrects it (a first message starts the consult it waits on), or the refusal.
 */
function voiceOutcome(deps: ConsultEngineDeps, consult: ConsultSnapshot | null, voice: { transcript: string } | { reply: string }): TurnOutcome {
  if ('reply' in voice) return { replies: [{ text: voice.reply, kind: 'reply' }] };
  const state: ConsultProtocolState = { ...(consult?.state ?? {}), pendingTranscript: voice.transcript };
  const replies: TurnOutcome['replies'] = [{ text: transcriptEcho(voice.transcript), kind: 'reply' }];
  return consult ? { consult: { state }, replies } : { startNew: true, consult: { offline: !deps.interview, state }, replies };
}

/** A photo kept with the consult (a first message starts one, so the supervisor sees it) and the ask for words. */
function photoOutcome(deps: ConsultEngineDeps, consult: ConsultSnapshot | null, photo: { kept: boolean; reply: string }): TurnOutcome {
  const replies: TurnOutcome['replies'] = [{ text: photo.reply, kind: 'reply' }];
  return photo.kept && !consult ? { startNew: true, consult: { offline: !deps.interview }, replies } : { replies };
}

/** The turn that answered an echoed transcript clears it, so a later message is read as itself. */
function withTranscriptSettled(consult: ConsultSnapshot | null, answered: boolean, outcome: TurnOutcome): TurnOutcome {
  // A turn that starts or cancels a consult leaves the old one's state behind with it.
  if (!answered || !consult || outcome.startNew || outcome.cancelActive) return outcome;
  const { pendingTranscript: _settled, ...state } = outcome.consult?.state ?? consult.state;
  return { ...outcome, consult: { ...outcome.consult, state } };
}
