import type { ConsultRecord, HealthWorkerChat } from './ports.js';

/** The chat a supervisor's feedback is written to, and its channel (for the review form's wording). */
export interface FeedbackChat {
  chatRef: string;
  channel: string;
}

/**
 * Where feedback on a consult reaches its CHW: the messaging chat (Telegram, WhatsApp) they used most
 * recently, whichever chat the consult was made in, because a terminal consult's chat is read only when
 * someone runs `npm run chat -- --as` for them again. A CHW without one gets it in the consult's own
 * chat. Null for a consult without a CHW: there is nobody to send it to.
 */
export function feedbackChat(consult: Pick<ConsultRecord, 'chatRef' | 'channel' | 'healthWorker'>, workerChats: readonly HealthWorkerChat[]): FeedbackChat | null {
  if (!consult.healthWorker) return null;
  const messaging = workerChats.filter((chat) => chat.channel !== 'terminal');
  const latest = messaging.reduce<HealthWorkerChat | undefined>((best, chat) => (best === undefined || chat.lastUsedAt > best.lastUsedAt ? chat : best), undefined);
  return latest ? { chatRef: latest.chatRef, channel: latest.channel } : { chatRef: consult.chatRef, channel: consult.channel };
}

/** The feedback chat of a consult as the store finds the CHW's chats now. */
export async function findFeedbackChat(
  store: { healthWorkerChats(healthWorkerId: string): Promise<HealthWorkerChat[]> },
  consult: Pick<ConsultRecord, 'chatRef' | 'channel' | 'healthWorker'>,
): Promise<FeedbackChat | null> {
  return feedbackChat(consult, consult.healthWorker ? await store.healthWorkerChats(consult.healthWorker.id) : []);
}
