/**
 * A local Telegram Bot API (`/bot<token>/<method>`, files at `/file/bot<token>/<path>`) for grammY's
 * `client: { apiRoot: url }`. Long polling follows the real semantics (offset confirms, timeout holds,
 * allowed_updates filters, a second poller is a 409 conflict); sends are validated the way Telegram
 * does (4096-character limit after parsing, HTML/MarkdownV2 entity errors, callback_data size), and
 * faults (429 flood wait, 403 blocked, 5xx, dropped connection) can be injected per method.
 */
import type { ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { Update, UserFromGetMe } from 'grammy/types';
import { FakeHttpServer, FaultQueue, sendJson } from './fake-http.js';
import type { RecordedRequest } from './fake-http.js';
import { parseTelegramText } from './telegram-markup.js';
import type { TelegramEntity } from './telegram-markup.js';

export const FAKE_TELEGRAM_TOKEN = '7000000001:AAFakeTokenForLocalTests_0123456789';
/** Telegram's limit on a text message, in UTF-16 code units after entity parsing. */
export const TELEGRAM_TEXT_LIMIT = 4096;

type Json = Record<string, unknown>;

/** One message the bot sent, as the chat now shows it. */
export interface SentMessage {
  chatId: number;
  messageId: number;
  /** What the user sees: markup parsed away and trimmed (latest edit). */
  text: string;
  /** Exactly what the bot sent, markup included (latest edit). */
  rawText: string;
  parseMode: string | undefined;
  entities: TelegramEntity[];
  replyMarkup: unknown;
  replyToMessageId: number | undefined;
  sentAt: number;
  /** Successful editMessageText calls, oldest first. */
  edits: Array<{ rawText: string; text: string; parseMode: string | undefined; at: number }>;
  deleted: boolean;
}

/** A Bot API call as the fake understood it (query, JSON and form params merged). */
export interface ApiCall {
  method: string;
  params: Json;
  at: number;
}

export interface RateLimitViolation {
  chatId: number;
  method: string;
  at: number;
}

export type TelegramFault =
  | { kind: 'flood'; retryAfterSeconds: number }
  | { kind: 'blocked' }
  | { kind: 'server_error' }
  /** An nginx HTML 502 page, which is what Telegram outages look like to a client. */
  | { kind: 'bad_gateway' }
  /** The connection is cut before any answer. */
  | { kind: 'drop' }
  /** The request is taken and never answered (a stalled network path) until the server closes. */
  | { kind: 'hang' };

/**
 * Telegram asks bots to stay under ~1 message per second per chat, tolerating short bursts.
 * sendMessage and editMessageText both draw from the chat's budget.
 */
export interface ChatRateLimitOptions {
  /** Default 1. */
  messagesPerSecond?: number;
  /** Messages allowed at once before the rate applies. Default 3 (a plan split in three parts). */
  burst?: number;
  /** Answer violations with 429 as Telegram eventually does. Default false: only record them. */
  respond429?: boolean;
}

export interface FakeTelegramOptions {
  /** Default FAKE_TELEGRAM_TOKEN. */
  token?: string;
  botInfo?: Partial<UserFromGetMe>;
  /** Default `{ messagesPerSecond: 1, burst: 3, respond429: false }`; false disables the check. */
  chatRateLimit?: ChatRateLimitOptions | false;
}

export type ChatType = 'private' | 'group' | 'supergroup';

/** Who sends a pushed message and where. A private chat's id is the user's id unless fromId says otherwise. */
export interface PushMessageOptions {
  chatId: number;
  fromId?: number;
  /** Default: the chat's next message id. */
  messageId?: number;
  /** Default: private for positive ids, supergroup for -100..., group for other negative ids. */
  chatType?: ChatType;
  /** Unix seconds. Default now. */
  date?: number;
  firstName?: string;
  username?: string;
}

const DEFAULT_ALLOWED = (type: string): boolean =>
  type !== 'chat_member' && type !== 'message_reaction' && type !== 'message_reaction_count';

const CHAT_ACTIONS = new Set([
  'typing',
  'upload_photo',
  'record_video',
  'upload_video',
  'record_voice',
  'upload_voice',
  'upload_document',
  'choose_sticker',
  'find_location',
  'record_video_note',
  'upload_video_note',
]);

type Outcome =
  | { ok: true; result: unknown; description?: string }
  | { ok: false; code: number; description: string; parameters?: Json }
  | { held: true };

interface HeldPoll {
  res: ServerResponse;
  limit: number;
  timer: NodeJS.Timeout;
}

interface StoredFile {
  file: Json;
  bytes: Buffer;
}

/** Local fake of the Telegram Bot API for one bot. */
export class FakeTelegramServer {
  /** Every Bot API call received, in order (faulted ones included). */
  readonly calls: ApiCall[] = [];
  readonly rateLimitViolations: RateLimitViolation[] = [];
  readonly chatActions: Array<{ chatId: number; action: string; at: number }> = [];
  readonly answeredCallbacks: Array<{ id: string; text: string | undefined; showAlert: boolean }> = [];
  /**
   * getUpdates requests cut off by a newer one (two pollers for one bot). May also count a poll the
   * client had just aborted when its disconnect reaches the fake after the next request.
   */
  conflicts = 0;
  webhook: { url: string; secretToken: string | undefined } | undefined;
  commands: Array<{ command: string; description: string }> = [];

  private readonly http = new FakeHttpServer((request, res) => this.handle(request, res));
  private readonly faults = new FaultQueue<TelegramFault>();
  private readonly token: string;
  private readonly bot: UserFromGetMe;
  private readonly rateLimit: Required<ChatRateLimitOptions> | undefined;
  private readonly queue: Update[] = [];
  private readonly redeliveries: Update[] = [];
  private readonly history = new Map<number, Update>();
  private readonly chats = new Map<number, Json>();
  private readonly messages = new Map<string, Json>();
  private readonly sentByKey = new Map<string, SentMessage>();
  private readonly sent: SentMessage[] = [];
  private readonly lastMessageId = new Map<number, number>();
  private readonly files = new Map<string, StoredFile>();
  private readonly callbackQueries = new Map<string, { answered: boolean }>();
  private readonly buckets = new Map<number, { tokens: number; at: number }>();
  private readonly waiters = new Set<() => void>();
  private readonly sentListeners = new Set<(message: SentMessage) => void>();
  private allowedUpdates: string[] | undefined;
  private poll: HeldPoll | undefined;
  /** While set, sendMessage requests wait here, not yet accepted (see holdSends). */
  private heldSends: Array<{ request: RecordedRequest; res: ServerResponse }> | undefined;
  private nextUpdateId = 100_001;
  private fileCounter = 0;
  private callbackCounter = 0;

  constructor(options: FakeTelegramOptions = {}) {
    this.token = options.token ?? FAKE_TELEGRAM_TOKEN;
    const botId = Number(this.token.split(':')[0]) || 7_000_000_001;
    this.bot = {
      id: botId,
      is_bot: true,
      first_name: 'CHW Consult (test)',
      username: 'chw_consult_test_bot',
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
      ...options.botInfo,
    };
    this.rateLimit =
      options.chatRateLimit === false
        ? undefined
        : { messagesPerSecond: 1, burst: 3, respond429: false, ...options.chatRateLimit };
  }

  /** Starts on 127.0.0.1; give grammY `client: { apiRoot: url }`. */
  start(): Promise<{ url: string }> {
    return this.http.start();
  }

  /** Answers a held long poll with no updates, then stops listening. Stop the bot first. */
  close(): Promise<void> {
    return this.http.close();
  }

  get botInfo(): UserFromGetMe {
    return this.bot;
  }

  get requests(): readonly RecordedRequest[] {
    return this.http.requests;
  }

  get handlerErrors(): readonly Error[] {
    return this.http.handlerErrors;
  }

  /** Calls of one method (case-insensitive), in order. */
  callsOf(method: string): ApiCall[] {
    return this.calls.filter((call) => call.method.toLowerCase() === method.toLowerCase());
  }

  /** Updates queued and not yet confirmed by an offset. */
  pendingUpdates(): Update[] {
    return [...this.redeliveries, ...this.queue];
  }

  /** True while a getUpdates request is being held open. */
  get isPollHeld(): boolean {
    return this.poll !== undefined;
  }

  /** The next `count` calls of `method` (default sendMessage) get this fault. */
  failNext(count: number, fault: TelegramFault, method = 'sendMessage'): void {
    this.faults.add(count, fault, (r) => apiMethodOf(r.path)?.toLowerCase() === method.toLowerCase());
  }

  /** The next `count` calls of `method` whose parameters satisfy `matches` get this fault (e.g. part 2 of a reply). */
  failNextWhere(count: number, fault: TelegramFault, matches: (params: Record<string, unknown>) => boolean, method = 'sendMessage'): void {
    this.faults.add(
      count,
      fault,
      (r) => apiMethodOf(r.path)?.toLowerCase() === method.toLowerCase() && typeof r.body === 'object' && r.body !== null && matches(r.body as Record<string, unknown>),
    );
  }

  // ------------------------------------------------------------ test helpers: incoming

  /** Queues an update (update_id assigned unless given) and releases a held long poll. */
  pushUpdate(update: Omit<Update, 'update_id'> & { update_id?: number }): Update {
    const updateId = update.update_id ?? this.nextUpdateId;
    this.nextUpdateId = Math.max(this.nextUpdateId, updateId + 1);
    const full = { ...update, update_id: updateId } as Update;
    this.history.set(updateId, full);
    this.queue.push(full);
    this.answerHeldPoll();
    return full;
  }

  /** Delivers an already pushed update again, same update_id, as Telegram does after an unconfirmed crash. */
  pushDuplicate(updateId: number): Update {
    const original = this.history.get(updateId);
    if (!original) throw new Error(`fake telegram: no update ${updateId} was pushed`);
    const copy = structuredClone(original);
    this.redeliveries.push(copy);
    this.answerHeldPoll();
    return copy;
  }

  /** A text message from a user; `/commands` get bot_command entities like the real API adds. */
  pushTextMessage(options: PushMessageOptions & { text: string }): Update {
    const entities = commandEntities(options.text);
    return this.pushMessage(options, { text: options.text, ...(entities.length > 0 ? { entities } : {}) });
  }

  /** A voice note; its bytes are served by getFile and the file endpoint. */
  pushVoice(options: PushMessageOptions & { durationSeconds?: number; bytes?: Buffer; mimeType?: string }): Update {
    const bytes = options.bytes ?? Buffer.from('OggS\u0000fake-opus-voice-note');
    const voice = {
      ...this.registerFile('voice', 'oga', bytes),
      duration: options.durationSeconds ?? 4,
      mime_type: options.mimeType ?? 'audio/ogg',
    };
    return this.pushMessage(options, { voice });
  }

  /** A photo in three sizes (the last is the largest), with an optional caption. */
  pushPhoto(options: PushMessageOptions & { caption?: string; bytes?: Buffer }): Update {
    const bytes = options.bytes ?? Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const photo = [90, 320, 1280].map((side) => ({ ...this.registerFile('photos', 'jpg', bytes), width: side, height: side }));
    return this.pushMessage(options, { photo, ...(options.caption === undefined ? {} : { caption: options.caption }) });
  }

  pushSticker(options: PushMessageOptions & { emoji?: string }): Update {
    const sticker = {
      ...this.registerFile('stickers', 'webp', Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBP')),
      type: 'regular',
      width: 512,
      height: 512,
      is_animated: false,
      is_video: false,
      emoji: options.emoji ?? '👍',
    };
    return this.pushMessage(options, { sticker });
  }

  pushLocation(options: PushMessageOptions & { latitude: number; longitude: number }): Update {
    return this.pushMessage(options, { location: { latitude: options.latitude, longitude: options.longitude } });
  }

  pushDocument(options: PushMessageOptions & { fileName: string; mimeType?: string; bytes?: Buffer; caption?: string }): Update {
    const document = {
      ...this.registerFile('documents', options.fileName.split('.').pop() ?? 'bin', options.bytes ?? Buffer.from('%PDF-1.4 fake')),
      file_name: options.fileName,
      mime_type: options.mimeType ?? 'application/pdf',
    };
    return this.pushMessage(options, { document, ...(options.caption === undefined ? {} : { caption: options.caption }) });
  }

  /** A tap on an inline button under message `messageId` (a message the bot sent, if it exists). */
  pushCallbackQuery(options: { chatId: number; fromId?: number; messageId: number; data: string }): Update {
    const id = String(4_000_000_000_000_000_000n + BigInt(++this.callbackCounter));
    this.callbackQueries.set(id, { answered: false });
    const chat = this.chatFor(options.chatId, undefined);
    const message = this.messages.get(messageKey(options.chatId, options.messageId)) ?? {
      message_id: options.messageId,
      chat,
      date: nowSeconds(),
    };
    const fromId = options.fromId ?? options.chatId;
    return this.pushUpdate({
      callback_query: {
        id,
        from: userObject(fromId, undefined, undefined),
        chat_instance: `-${Math.abs(options.chatId)}0042`,
        data: options.data,
        message,
      },
    } as unknown as Omit<Update, 'update_id'>);
  }

  // ------------------------------------------------------------ test helpers: outgoing

  /** Messages the bot sent to `chatId`, in order, with their latest text. */
  sentTo(chatId: number): SentMessage[] {
    return this.sent.filter((message) => message.chatId === chatId);
  }

  /** Every message the bot sent, in order. */
  allSent(): SentMessage[] {
    return [...this.sent];
  }

  /**
   * Calls `listener` with each message the bot sends from now on; returns the unsubscribe. For load
   * benches with thousands of chats, where a waiter per chat re-scanning `sentTo` would not scale.
   */
  onSent(listener: (message: SentMessage) => void): () => void {
    this.sentListeners.add(listener);
    return () => this.sentListeners.delete(listener);
  }

  /** Resolves with the chat's sent messages once there are at least `count`; rejects after `timeoutMs` (default 2000). */
  waitForMessages(chatId: number, count: number, timeoutMs = 2000): Promise<SentMessage[]> {
    return this.waitFor(
      () => (this.sentTo(chatId).length >= count ? this.sentTo(chatId) : undefined),
      timeoutMs,
      () => `${count} message(s) to chat ${chatId}; got ${JSON.stringify(this.sentTo(chatId).map((m) => m.text))}`,
    );
  }

  /** Resolves once a getUpdates request is being held open (the bot is idle, waiting for updates). */
  waitForPoll(timeoutMs = 2000): Promise<void> {
    return this.waitFor(() => (this.poll ? true : undefined), timeoutMs, () => 'a held getUpdates request').then(() => undefined);
  }

  /**
   * From now on sendMessage requests wait unanswered and unaccepted, as if still on their way to
   * Telegram. The returned release accepts them in arrival order, except those whose sender has hung up
   * meanwhile (a process that died): like a request that never reached Telegram, they are dropped.
   * Returns how many were dropped.
   */
  holdSends(): () => number {
    const held: Array<{ request: RecordedRequest; res: ServerResponse }> = [];
    this.heldSends = held;
    return () => {
      if (this.heldSends === held) this.heldSends = undefined;
      let dropped = 0;
      for (const { request, res } of held) {
        if (res.destroyed || res.socket === null || res.socket.destroyed) dropped += 1;
        else this.handle(request, res);
      }
      return dropped;
    };
  }

  // ------------------------------------------------------------ HTTP

  private handle(request: RecordedRequest, res: ServerResponse): void {
    if (this.heldSends && /\/sendmessage$/i.test(request.path)) {
      this.heldSends.push({ request, res });
      return;
    }
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(request.path);
    if (file) {
      this.serveFile(file[1] ?? '', file[2] ?? '', res);
      return;
    }
    const route = /^\/bot([^/]*)\/([^/]*)$/.exec(request.path);
    if (!route) {
      reply(res, { ok: false, code: 404, description: 'Not Found' });
      return;
    }
    if (route[1] !== this.token) {
      reply(res, { ok: false, code: 401, description: 'Unauthorized' });
      return;
    }
    const method = route[2] ?? '';
    const params: Json = { ...request.query, ...(isRecord(request.body) ? request.body : {}) };
    this.calls.push({ method, params, at: Date.now() });

    const fault = this.faults.take(request);
    if (fault?.kind === 'hang') {
      this.http.hold(res);
      return;
    }
    if (fault) {
      serveFault(fault, res);
      return;
    }
    const outcome = this.dispatch(method.toLowerCase(), params, res);
    if (!('held' in outcome)) reply(res, outcome);
  }

  private dispatch(method: string, params: Json, res: ServerResponse): Outcome {
    switch (method) {
      case 'getme':
        return ok(this.bot);
      case 'getupdates':
        return this.getUpdates(params, res);
      case 'sendmessage':
        return this.sendMessage(params);
      case 'editmessagetext':
        return this.editMessageText(params);
      case 'deletemessage':
        return this.deleteMessage(params);
      case 'sendchataction':
        return this.sendChatAction(params);
      case 'answercallbackquery':
        return this.answerCallbackQuery(params);
      case 'getfile':
        return this.getFile(params);
      case 'setmycommands':
        return this.setMyCommands(params);
      case 'getmycommands':
        return ok(this.commands);
      case 'setwebhook':
        return this.setWebhook(params);
      case 'deletewebhook':
        return this.deleteWebhook(params);
      case 'getwebhookinfo':
        return ok({ url: this.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: this.queue.length });
      default:
        return fail(404, 'Not Found: method not found');
    }
  }

  // ------------------------------------------------------------ long polling

  private getUpdates(params: Json, res: ServerResponse): Outcome {
    if (this.webhook) {
      return fail(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
    }
    const offset = toInt(params.offset) ?? 0;
    const limit = Math.min(Math.max(toInt(params.limit) ?? 100, 1), 100);
    const timeoutSeconds = Math.max(toInt(params.timeout) ?? 0, 0);
    const allowed = toJsonValue(params.allowed_updates);
    if (Array.isArray(allowed)) this.allowedUpdates = allowed.map(String);
    this.confirm(offset);

    if (this.poll) {
      // Telegram serves one poller per bot: the older request loses.
      this.conflicts += 1;
      this.finishPoll(
        fail(409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running'),
      );
    }
    const batch = this.takeBatch(limit);
    if (batch.length > 0 || timeoutSeconds === 0) return ok(batch);

    const poll: HeldPoll = {
      res,
      limit,
      timer: setTimeout(() => this.finishPoll(ok([])), timeoutSeconds * 1000),
    };
    this.poll = poll;
    this.http.hold(res, () => this.finishPoll(ok([])));
    res.once('close', () => {
      // The client gave up (grammY's stop() aborts its poll): forget it, keep the updates queued.
      if (this.poll === poll) {
        clearTimeout(poll.timer);
        this.poll = undefined;
      }
    });
    this.notify();
    return { held: true };
  }

  private answerHeldPoll(): void {
    if (this.poll) {
      const batch = this.takeBatch(this.poll.limit);
      if (batch.length > 0) this.finishPoll(ok(batch));
    }
    this.notify();
  }

  private finishPoll(outcome: Outcome): void {
    const poll = this.poll;
    if (!poll) return;
    this.poll = undefined;
    clearTimeout(poll.timer);
    this.http.release(poll.res);
    if (!('held' in outcome) && !poll.res.destroyed) reply(poll.res, outcome);
  }

  /** An offset confirms every update below it; a negative offset keeps only the last -offset updates. */
  private confirm(offset: number): void {
    if (offset > 0) {
      const firstKept = this.queue.findIndex((update) => update.update_id >= offset);
      this.queue.splice(0, firstKept < 0 ? this.queue.length : firstKept);
    } else if (offset < 0) {
      this.queue.splice(0, Math.max(this.queue.length + offset, 0));
    }
  }

  /** Redeliveries first (consumed), then queued updates the bot asked for (kept until confirmed). */
  private takeBatch(limit: number): Update[] {
    const batch = this.redeliveries.splice(0, limit);
    const isAllowed = (update: Update): boolean => {
      const type = Object.keys(update).find((key) => key !== 'update_id') ?? '';
      return this.allowedUpdates && this.allowedUpdates.length > 0 ? this.allowedUpdates.includes(type) : DEFAULT_ALLOWED(type);
    };
    // Updates of types the bot did not subscribe to are never delivered, so they are dropped outright.
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const update = this.queue[i];
      if (update && !isAllowed(update)) this.queue.splice(i, 1);
    }
    return [...batch, ...this.queue.slice(0, limit - batch.length)];
  }

  // ------------------------------------------------------------ sending

  private sendMessage(params: Json): Outcome {
    const chatId = chatIdOf(params.chat_id);
    if (typeof chatId !== 'number') return chatId;
    const parsed = this.parseText(params);
    if (isOutcome(parsed)) return parsed;
    const markup = toJsonValue(params.reply_markup);
    const markupError = validateMarkup(markup);
    if (markupError) return fail(400, markupError);

    const replyParameters = toJsonValue(params.reply_parameters);
    const replyToMessageId = isRecord(replyParameters) ? toInt(replyParameters.message_id) : toInt(params.reply_to_message_id);
    const replyTo = replyToMessageId === undefined ? undefined : this.messages.get(messageKey(chatId, replyToMessageId));
    const allowWithoutReply = isRecord(replyParameters) && replyParameters.allow_sending_without_reply === true;
    if (replyToMessageId !== undefined && !replyTo && !allowWithoutReply) {
      return fail(400, 'Bad Request: message to be replied not found');
    }
    const limited = this.checkRateLimit(chatId, 'sendMessage');
    if (limited) return limited;

    const messageId = this.claimMessageId(chatId, undefined);
    const message: Json = {
      message_id: messageId,
      from: { id: this.bot.id, is_bot: true, first_name: this.bot.first_name, username: this.bot.username },
      chat: this.chatFor(chatId, undefined),
      date: nowSeconds(),
      text: parsed.text,
      ...(parsed.entities.length > 0 ? { entities: parsed.entities } : {}),
      ...(replyTo ? { reply_to_message: replyTo } : {}),
      ...(isRecord(markup) && 'inline_keyboard' in markup ? { reply_markup: markup } : {}),
    };
    this.messages.set(messageKey(chatId, messageId), message);
    const record: SentMessage = {
      chatId,
      messageId,
      text: parsed.text,
      rawText: parsed.rawText,
      parseMode: parsed.parseMode,
      entities: parsed.entities,
      replyMarkup: markup,
      replyToMessageId,
      sentAt: Date.now(),
      edits: [],
      deleted: false,
    };
    this.sent.push(record);
    this.sentByKey.set(messageKey(chatId, messageId), record);
    for (const listener of this.sentListeners) listener(record);
    this.notify();
    return ok(message);
  }

  private editMessageText(params: Json): Outcome {
    if (params.inline_message_id !== undefined) return fail(400, 'Bad Request: fake supports chat_id + message_id edits only');
    const chatId = chatIdOf(params.chat_id);
    if (typeof chatId !== 'number') return chatId;
    const messageId = toInt(params.message_id);
    const key = messageKey(chatId, messageId ?? -1);
    const record = this.sentByKey.get(key);
    const message = this.messages.get(key);
    if (!record || !message || record.deleted) {
      return fail(400, message ? "Bad Request: message can't be edited" : 'Bad Request: message to edit not found');
    }
    const parsed = this.parseText(params);
    if (isOutcome(parsed)) return parsed;
    const markup = toJsonValue(params.reply_markup);
    const markupError = validateMarkup(markup);
    if (markupError) return fail(400, markupError);
    if (parsed.text === record.text && isDeepStrictEqual(parsed.entities, record.entities) && isDeepStrictEqual(markup, record.replyMarkup)) {
      return fail(
        400,
        'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      );
    }
    const limited = this.checkRateLimit(chatId, 'editMessageText');
    if (limited) return limited;

    record.edits.push({ rawText: parsed.rawText, text: parsed.text, parseMode: parsed.parseMode, at: Date.now() });
    Object.assign(record, { text: parsed.text, rawText: parsed.rawText, parseMode: parsed.parseMode, entities: parsed.entities, replyMarkup: markup });
    message.text = parsed.text;
    message.edit_date = nowSeconds();
    if (parsed.entities.length > 0) message.entities = parsed.entities;
    else delete message.entities;
    if (isRecord(markup)) message.reply_markup = markup;
    else delete message.reply_markup;
    this.notify();
    return ok(message);
  }

  private deleteMessage(params: Json): Outcome {
    const chatId = chatIdOf(params.chat_id);
    if (typeof chatId !== 'number') return chatId;
    const key = messageKey(chatId, toInt(params.message_id) ?? -1);
    if (!this.messages.has(key)) return fail(400, 'Bad Request: message to delete not found');
    this.messages.delete(key);
    const record = this.sentByKey.get(key);
    if (record) record.deleted = true;
    return ok(true);
  }

  private sendChatAction(params: Json): Outcome {
    const chatId = chatIdOf(params.chat_id);
    if (typeof chatId !== 'number') return chatId;
    const action = String(params.action ?? '');
    if (!CHAT_ACTIONS.has(action)) return fail(400, 'Bad Request: wrong parameter action in request');
    this.chatActions.push({ chatId, action, at: Date.now() });
    return ok(true);
  }

  private answerCallbackQuery(params: Json): Outcome {
    const id = String(params.callback_query_id ?? '');
    const query = this.callbackQueries.get(id);
    if (!query || query.answered) {
      return fail(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
    }
    const text = typeof params.text === 'string' ? params.text : undefined;
    if (text !== undefined && text.length > 200) return fail(400, 'Bad Request: MESSAGE_TOO_LONG');
    query.answered = true;
    this.answeredCallbacks.push({ id, text, showAlert: toBool(params.show_alert) });
    return ok(true);
  }

  private getFile(params: Json): Outcome {
    const stored = this.files.get(String(params.file_id ?? ''));
    return stored ? ok(stored.file) : fail(400, 'Bad Request: invalid file_id');
  }

  private setMyCommands(params: Json): Outcome {
    const commands = toJsonValue(params.commands);
    if (!Array.isArray(commands)) return fail(400, 'Bad Request: commands must be an array');
    const parsed: Array<{ command: string; description: string }> = [];
    for (const entry of commands) {
      const command = isRecord(entry) ? String(entry.command ?? '') : '';
      const description = isRecord(entry) ? String(entry.description ?? '') : '';
      if (!/^[a-z0-9_]{1,32}$/.test(command)) return fail(400, 'Bad Request: BOT_COMMAND_INVALID');
      if (description.length < 1 || description.length > 256) return fail(400, 'Bad Request: BOT_COMMAND_DESCRIPTION_INVALID');
      parsed.push({ command, description });
    }
    this.commands = parsed;
    return ok(true);
  }

  private setWebhook(params: Json): Outcome {
    const url = String(params.url ?? '');
    if (url === '') return this.deleteWebhook(params);
    if (!url.startsWith('https://')) return fail(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
    if (toBool(params.drop_pending_updates)) this.queue.length = 0;
    this.webhook = { url, secretToken: typeof params.secret_token === 'string' ? params.secret_token : undefined };
    this.finishPoll(ok([]));
    return { ok: true, result: true, description: 'Webhook was set' };
  }

  private deleteWebhook(params: Json): Outcome {
    const hadWebhook = this.webhook !== undefined;
    this.webhook = undefined;
    if (toBool(params.drop_pending_updates)) this.queue.length = 0;
    return { ok: true, result: true, description: hadWebhook ? 'Webhook was deleted' : 'Webhook is already deleted' };
  }

  // ------------------------------------------------------------ internals

  private parseText(params: Json): ParsedBody | Outcome {
    const rawText = typeof params.text === 'string' ? params.text : '';
    const parseMode = typeof params.parse_mode === 'string' ? params.parse_mode : undefined;
    const parsed = parseTelegramText(rawText, parseMode);
    if (!parsed.ok) return fail(400, parsed.error);
    if (parsed.text === '') return fail(400, 'Bad Request: message text is empty');
    if (parsed.text.length > TELEGRAM_TEXT_LIMIT) return fail(400, 'Bad Request: message is too long');
    const explicit = toJsonValue(params.entities);
    const entities = parseMode === undefined && Array.isArray(explicit) ? (explicit as TelegramEntity[]) : parsed.entities;
    return { rawText, text: parsed.text, parseMode, entities };
  }

  /** Token bucket per chat; a send with no token left is a violation (and a 429 when configured). */
  private checkRateLimit(chatId: number, method: string): Outcome | undefined {
    if (!this.rateLimit) return undefined;
    const { messagesPerSecond, burst, respond429 } = this.rateLimit;
    const now = Date.now();
    const bucket = this.buckets.get(chatId) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * messagesPerSecond);
    bucket.at = now;
    this.buckets.set(chatId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    this.rateLimitViolations.push({ chatId, method, at: now });
    if (!respond429) return undefined;
    const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / messagesPerSecond));
    return fail(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
  }

  private pushMessage(options: PushMessageOptions, content: Json): Update {
    const chat = this.chatFor(options.chatId, options.chatType, options);
    const fromId = options.fromId ?? (chat.type === 'private' ? options.chatId : 1_000_001);
    const messageId = this.claimMessageId(options.chatId, options.messageId);
    const message: Json = {
      message_id: messageId,
      from: userObject(fromId, options.firstName, options.username),
      chat,
      date: options.date ?? nowSeconds(),
      ...content,
    };
    this.messages.set(messageKey(options.chatId, messageId), message);
    return this.pushUpdate({ message } as unknown as Omit<Update, 'update_id'>);
  }

  private chatFor(chatId: number, chatType: ChatType | undefined, who?: PushMessageOptions): Json {
    const known = this.chats.get(chatId);
    if (known && (chatType === undefined || known.type === chatType)) return known;
    const type = chatType ?? (chatId > 0 ? 'private' : String(chatId).startsWith('-100') ? 'supergroup' : 'group');
    const chat: Json =
      type === 'private'
        ? { id: chatId, type, first_name: who?.firstName ?? 'Test', ...(who?.username ? { username: who.username } : {}) }
        : { id: chatId, type, title: 'Test health workers group' };
    this.chats.set(chatId, chat);
    return chat;
  }

  /** Message ids are per chat and shared by both sides of the conversation, as in Telegram. */
  private claimMessageId(chatId: number, requested: number | undefined): number {
    const last = this.lastMessageId.get(chatId) ?? 0;
    const id = requested ?? last + 1;
    this.lastMessageId.set(chatId, Math.max(last, id));
    return id;
  }

  private registerFile(folder: string, extension: string, bytes: Buffer): { file_id: string; file_unique_id: string; file_size: number } {
    this.fileCounter += 1;
    const n = this.fileCounter;
    const file = {
      file_id: `AwACAgIAAxkBFAKE${String(n).padStart(6, '0')}`,
      file_unique_id: `AgADFAKE${n}`,
      file_size: bytes.length,
    };
    this.files.set(file.file_id, { file: { ...file, file_path: `${folder}/file_${n}.${extension}` }, bytes });
    return file;
  }

  private serveFile(token: string, path: string, res: ServerResponse): void {
    const stored = token === this.token ? [...this.files.values()].find((f) => f.file.file_path === path) : undefined;
    if (!stored) {
      reply(res, { ok: false, code: 404, description: 'Not Found' });
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(stored.bytes.length) });
    res.end(stored.bytes);
  }

  private waitFor<T>(check: () => T | undefined, timeoutMs: number, describe: () => string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const attempt = (): void => {
        const value = check();
        if (value === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(attempt);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(attempt);
        reject(new Error(`fake telegram: timed out after ${timeoutMs} ms waiting for ${describe()}`));
      }, timeoutMs);
      this.waiters.add(attempt);
      attempt();
    });
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

interface ParsedBody {
  rawText: string;
  text: string;
  parseMode: string | undefined;
  entities: TelegramEntity[];
}

function isOutcome(value: ParsedBody | Outcome): value is Outcome {
  return 'ok' in value || 'held' in value;
}

function ok(result: unknown): Outcome {
  return { ok: true, result };
}

function fail(code: number, description: string, parameters?: Json): Outcome {
  return parameters ? { ok: false, code, description, parameters } : { ok: false, code, description };
}

function reply(res: ServerResponse, outcome: Exclude<Outcome, { held: true }>): void {
  if (outcome.ok) {
    sendJson(res, 200, { ok: true, result: outcome.result, ...(outcome.description ? { description: outcome.description } : {}) });
    return;
  }
  sendJson(res, outcome.code, {
    ok: false,
    error_code: outcome.code,
    description: outcome.description,
    ...(outcome.parameters ? { parameters: outcome.parameters } : {}),
  });
}

function serveFault(fault: TelegramFault, res: ServerResponse): void {
  switch (fault.kind) {
    case 'flood':
      reply(res, {
        ok: false,
        code: 429,
        description: `Too Many Requests: retry after ${fault.retryAfterSeconds}`,
        parameters: { retry_after: fault.retryAfterSeconds },
      });
      return;
    case 'blocked':
      reply(res, { ok: false, code: 403, description: 'Forbidden: bot was blocked by the user' });
      return;
    case 'server_error':
      reply(res, { ok: false, code: 500, description: 'Internal Server Error' });
      return;
    case 'bad_gateway': {
      const page = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
      res.writeHead(502, { 'content-type': 'text/html', 'content-length': String(Buffer.byteLength(page)) });
      res.end(page);
      return;
    }
    case 'drop':
      res.socket?.destroy();
      return;
    case 'hang':
      return;
  }
}

/** Inline keyboards: callback_data is limited to 64 bytes, and every button needs an action. */
function validateMarkup(markup: unknown): string | undefined {
  if (markup === undefined) return undefined;
  if (!isRecord(markup)) return "Bad Request: can't parse reply keyboard markup JSON object";
  const rows = markup.inline_keyboard;
  if (rows === undefined) return undefined;
  if (!Array.isArray(rows)) return 'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup must be an Array';
  for (const row of rows) {
    if (!Array.isArray(row)) return 'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays';
    for (const button of row) {
      if (!isRecord(button) || typeof button.text !== 'string') return "Bad Request: can't parse inline keyboard button: Field \"text\" must be of type String";
      const data = button.callback_data;
      if (typeof data === 'string' && (data.length === 0 || Buffer.byteLength(data) > 64)) return 'Bad Request: BUTTON_DATA_INVALID';
      if (data === undefined && button.url === undefined && button.switch_inline_query === undefined && button.web_app === undefined) {
        return 'Bad Request: can\'t parse inline keyboard button: Text buttons are unallowed in the inline keyboard';
      }
    }
  }
  return undefined;
}

function commandEntities(text: string): TelegramEntity[] {
  const entities: TelegramEntity[] = [];
  for (const match of text.matchAll(/(^|\s)(\/[a-zA-Z0-9_]{1,32}(?:@[a-zA-Z0-9_]{3,32})?)(?=$|\s|[.,!?;:])/g)) {
    entities.push({ type: 'bot_command', offset: (match.index ?? 0) + (match[1]?.length ?? 0), length: match[2]?.length ?? 0 });
  }
  return entities;
}

function userObject(id: number, firstName: string | undefined, username: string | undefined): Json {
  return { id, is_bot: false, first_name: firstName ?? 'Test', ...(username ? { username } : {}), language_code: 'en' };
}

function chatIdOf(value: unknown): number | Outcome {
  if (value === undefined || value === '') return fail(400, 'Bad Request: chat_id is empty');
  const id = typeof value === 'number' ? value : /^-?\d+$/.test(String(value)) ? Number(value) : NaN;
  return Number.isSafeInteger(id) ? id : fail(400, 'Bad Request: chat not found');
}

function apiMethodOf(path: string): string | undefined {
  return /^\/bot[^/]*\/([^/]+)$/.exec(path)?.[1];
}

function messageKey(chatId: number, messageId: number): string {
  return `${chatId}:${messageId}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function toInt(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

function toBool(value: unknown): boolean {
  return value === true || value === 'true';
}

/** Form and query params carry objects as JSON strings; JSON bodies carry them as values. */
function toJsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
