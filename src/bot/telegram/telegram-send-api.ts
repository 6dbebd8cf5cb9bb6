import { Api } from 'grammy';

/**
 * The Bot API client replies are sent through. A call Telegram has not answered after
 * `timeoutSeconds` is abandoned and the send tried again: a stalled connection would otherwise hold the
 * chat's turn (and the outbox pump that retries sends) for grammY's default of 500 s. Long polling
 * keeps its own client, whose requests wait up to 30 s by design.
 */
export function telegramSendApi(token: string, options: { apiRoot: string | undefined; timeoutSeconds: number }): Api {
  return new Api(token, { timeoutSeconds: options.timeoutSeconds, ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}) });
}
