import { AppError } from '../../core/app-error.js';

/**
 * Fetches a file a health worker sent (voice note, photo) by its file_id: `getFile` for its path, then
 * `/file/bot<token>/<path>`. The body is counted as it arrives and the download stopped past
 * `maxBytes` (`media_too_large`), whatever size the update stated. Bot API files are at most 20 MB.
 */
export function telegramFileFetcher(token: string, options: { apiRoot?: string | undefined; timeoutMs?: number } = {}): (fileId: string, maxBytes: number) => Promise<Uint8Array> {
  const root = (options.apiRoot ?? 'https://api.telegram.org').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  return async (fileId, maxBytes) => {
    const signal = AbortSignal.timeout(timeoutMs);
    const info = await fetch(`${root}/bot${token}/getFile?file_id=${encodeURIComponent(fileId)}`, { signal });
    const body = (await info.json().catch(() => ({}))) as { ok?: boolean; result?: { file_path?: string; file_size?: number } };
    const path = body.result?.file_path;
    if (!info.ok || !body.ok || !path) throw new AppError('media_unreadable', `telegram getFile failed (HTTP ${info.status})`, { transient: info.status === 429 || info.status >= 500 });
    if ((body.result?.file_size ?? 0) > maxBytes) throw new AppError('media_too_large', 'telegram file over the cap');
    const file = await fetch(`${root}/file/bot${token}/${path.split('/').map(encodeURIComponent).join('/')}`, { signal });
    if (!file.ok || !file.body) throw new AppError('media_unreadable', `telegram file download failed (HTTP ${file.status})`, { transient: file.status >= 500 });
    const parts: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of file.body) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        await file.body.cancel().catch(() => undefined);
        throw new AppError('media_too_large', 'telegram file over the cap while downloading');
      }
      parts.push(chunk);
    }
    return Buffer.concat(parts);
  };
}
