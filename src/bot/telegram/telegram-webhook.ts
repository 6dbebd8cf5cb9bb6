import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Telegram sends updates of a few kilobytes; anything far larger is not an update. */
const MAX_UPDATE_BYTES = 1024 * 1024;

export interface TelegramWebhookOptions {
  /** The secret_token given to setWebhook; requests without it are refused (401). */
  secretToken: string;
  /**
   * Stores one update (its turn runs later). The answer says whether it did: 200 once it settled,
   * 500 when it rejected and 503 when it took longer than `storeWithinMs`; on either of those Telegram
   * sends the update again, and a redelivery of one that was stored after all is dropped as a duplicate.
   */
  onUpdate: (update: unknown) => Promise<void>;
  /** Reports a failed update (ids only). */
  onError: (error: unknown) => void;
  /** Default 5 000 ms, well under Telegram's own timeout. */
  storeWithinMs?: number;
}

/**
 * The webhook endpoint as a plain node:http handler: POST with the right secret-token header and a JSON
 * body of at most 1 MiB; 401, 405, 413 and 400 otherwise. It never throws and never rejects.
 */
export function telegramWebhookHandler(options: TelegramWebhookOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const secret = Buffer.from(options.secretToken);
  const storeWithinMs = options.storeWithinMs ?? 5_000;
  const answer = (res: ServerResponse, status: number, body = ''): void => {
    if (res.headersSent) return;
    res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  };
  return (req, res) => {
    if (req.method !== 'POST') return answer(res, 405, 'method not allowed');
    const given = Buffer.from(String(req.headers['x-telegram-bot-api-secret-token'] ?? ''));
    if (given.length !== secret.length || !timingSafeEqual(given, secret)) {
      req.resume();
      return answer(res, 401, 'secret token mismatch');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_UPDATE_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('error', () => answer(res, 400, 'bad request'));
    req.on('end', () => {
      if (tooLarge) return answer(res, 413, 'update too large');
      let update: unknown;
      try {
        update = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(res, 400, 'body is not JSON');
      }
      if (typeof update !== 'object' || update === null || typeof (update as { update_id?: unknown }).update_id !== 'number') {
        return answer(res, 400, 'not a Telegram update');
      }
      const timer = setTimeout(() => answer(res, 503, 'not stored yet'), storeWithinMs);
      options.onUpdate(update).then(
        () => {
          clearTimeout(timer);
          answer(res, 200);
        },
        (error: unknown) => {
          clearTimeout(timer);
          options.onError(error);
          answer(res, 500, 'not stored');
        },
      );
    });
  };
}
