/**
 * A local Anthropic Messages API (`POST /v1/messages`) that answers from a script the test supplies,
 * in the exact JSON and SSE shapes the official SDK parses. It validates what the real API would
 * reject (missing fields, orphaned tool_use/tool_result pairs, too many cache breakpoints), simulates
 * prompt caching from `cache_control` breakpoints, and can inject 429/529/500 or hang.
 */
import type { ServerResponse } from 'node:http';
import type Anthropic from '@anthropic-ai/sdk';
import { FakeHttpServer, FaultQueue, sendJson } from './fake-http.js';
import type { RecordedRequest } from './fake-http.js';

export const FAKE_ANTHROPIC_API_KEY = 'test-anthropic-key';

type Message = Anthropic.Messages.Message;
type StreamEvent = Anthropic.Messages.RawMessageStreamEvent;
type Usage = Anthropic.Messages.Usage;

/** The fields of a Messages request the responder usually needs, plus the whole body. */
export interface FakeAnthropicRequest {
  model: string;
  system: string | Anthropic.Messages.TextBlockParam[] | undefined;
  messages: Anthropic.Messages.MessageParam[];
  tools: Anthropic.Messages.ToolUnion[] | undefined;
  tool_choice: Anthropic.Messages.ToolChoice | undefined;
  stream: boolean;
  max_tokens: number;
  body: Record<string, unknown>;
}

export interface FakeToolCall {
  name: string;
  input: unknown;
  /** Defaults to a generated `toolu_01...` id. */
  id?: string;
}

/** What the scripted model says next: final text, or tool calls (optionally after some text). */
export type FakeReply =
  | { kind: 'text'; text: string; stopReason?: 'end_turn' | 'max_tokens' | 'stop_sequence' | 'refusal' }
  | { kind: 'tool_use'; calls: FakeToolCall[]; preamble?: string };

/** A final-text reply (stop_reason `end_turn` unless given). */
export function replyText(text: string, stopReason?: 'end_turn' | 'max_tokens' | 'stop_sequence' | 'refusal'): FakeReply {
  return stopReason === undefined ? { kind: 'text', text } : { kind: 'text', text, stopReason };
}

/** A reply that calls one or more tools (stop_reason `tool_use`), with optional text before the calls. */
export function replyToolUse(calls: FakeToolCall | FakeToolCall[], preamble?: string): FakeReply {
  const list = Array.isArray(calls) ? calls : [calls];
  return preamble === undefined ? { kind: 'tool_use', calls: list } : { kind: 'tool_use', calls: list, preamble };
}

export type AnthropicResponder = (request: FakeAnthropicRequest, callIndex: number) => FakeReply | Promise<FakeReply>;

export type AnthropicFault =
  | { kind: 'rate_limit'; retryAfterSeconds?: number }
  | { kind: 'overloaded' }
  | { kind: 'server_error' }
  /** Streaming only: send message_start, then an SSE `error` event (what a mid-stream overload looks like). */
  | { kind: 'overloaded_midstream' }
  /** Never answer; the client's timeout (or close()) ends it. */
  | { kind: 'hang' };

export interface FakeAnthropicServerOptions {
  /** Accepted as `x-api-key` or `authorization: Bearer`. Default FAKE_ANTHROPIC_API_KEY. */
  apiKey?: string;
  responder?: AnthropicResponder;
  /** When set, other model ids get the API's 404 not_found_error. Default: any model is accepted. */
  knownModels?: string[];
  /** Characters per input/output token in the usage estimate. Default 4. */
  charsPerToken?: number;
}

/** One answered /v1/messages call: what was asked and what the fake replied (usage included). */
export interface AnsweredCall {
  request: FakeAnthropicRequest;
  response: Message;
}

const MAX_CACHE_BREAKPOINTS = 4;

/** Local fake of the Anthropic Messages API, scripted per test. */
export class FakeAnthropicServer {
  readonly answered: AnsweredCall[] = [];
  private readonly http = new FakeHttpServer((request, res) => this.handle(request, res));
  private readonly faults = new FaultQueue<AnthropicFault>();
  private readonly queuedReplies: FakeReply[] = [];
  private readonly seenCachePrefixes = new Set<string>();
  private responder: AnthropicResponder | undefined;
  private readonly apiKey: string;
  private readonly charsPerToken: number;
  private messageCalls = 0;
  private idCounter = 0;

  constructor(private readonly options: FakeAnthropicServerOptions = {}) {
    this.apiKey = options.apiKey ?? FAKE_ANTHROPIC_API_KEY;
    this.charsPerToken = options.charsPerToken ?? 4;
    this.responder = options.responder;
  }

  /** Starts listening on 127.0.0.1; use the url as the SDK's `baseURL`. */
  start(): Promise<{ url: string }> {
    return this.http.start();
  }

  /** Stops listening; hanging requests are dropped. */
  close(): Promise<void> {
    return this.http.close();
  }

  /** Every HTTP request received, faulted or not, in arrival order. */
  get requests(): readonly RecordedRequest[] {
    return this.http.requests;
  }

  /** Parsed bodies of the /v1/messages requests received (including faulted ones). */
  messageRequests(): FakeAnthropicRequest[] {
    return this.http.requests
      .filter((r) => r.path === '/v1/messages' && isRecord(r.body))
      .map((r) => toFakeRequest(r.body as Record<string, unknown>));
  }

  /** Errors thrown by the responder (a bug in the test script), answered as 500 without retry. */
  get handlerErrors(): readonly Error[] {
    return this.http.handlerErrors;
  }

  /** Requests currently held open by a `hang` fault. */
  get hangingCount(): number {
    return this.http.heldCount;
  }

  setResponder(responder: AnthropicResponder): void {
    this.responder = responder;
  }

  /** Replies served, in order, before the responder is consulted. */
  enqueueReplies(...replies: FakeReply[]): void {
    this.queuedReplies.push(...replies);
  }

  /** The next `count` /v1/messages requests get this fault instead of an answer. */
  failNext(count: number, fault: AnthropicFault): void {
    this.faults.add(count, fault, (r) => r.path === '/v1/messages');
  }

  private async handle(request: RecordedRequest, res: ServerResponse): Promise<void> {
    if (request.method !== 'POST' || request.path !== '/v1/messages') {
      sendApiError(res, 404, 'not_found_error', `Not found: ${request.method} ${request.path}`);
      return;
    }
    if (!this.isAuthorised(request)) {
      sendApiError(res, 401, 'authentication_error', 'invalid x-api-key');
      return;
    }
    if (typeof request.headers['anthropic-version'] !== 'string') {
      sendApiError(res, 400, 'invalid_request_error', 'anthropic-version: header is required');
      return;
    }
    const fault = this.faults.take(request);
    if (fault && fault.kind !== 'overloaded_midstream') {
      this.serveFault(fault, res);
      return;
    }
    if (!isRecord(request.body)) {
      sendApiError(res, 400, 'invalid_request_error', 'There was an issue with your request body: expected a JSON object');
      return;
    }
    const invalid = validateBody(request.body);
    if (invalid) {
      sendApiError(res, 400, 'invalid_request_error', invalid);
      return;
    }
    const fakeRequest = toFakeRequest(request.body);
    if (this.options.knownModels && !this.options.knownModels.includes(fakeRequest.model)) {
      sendApiError(res, 404, 'not_found_error', `model: ${fakeRequest.model}`);
      return;
    }
    const headers = { 'request-id': this.nextId('req_01') };
    if (fault) {
      // Only a stream can fail after a 200; a plain request sees the same overload as a 529.
      if (!fakeRequest.stream) this.serveFault(fault, res);
      else writeSse(res, headers, midstreamOverload(this.buildMessage(fakeRequest, replyText(''))));
      return;
    }

    const reply = await this.nextReply(fakeRequest);
    checkToolsExist(reply, fakeRequest);
    const message = this.buildMessage(fakeRequest, reply);
    this.answered.push({ request: fakeRequest, response: message });
    if (!fakeRequest.stream) {
      sendJson(res, 200, message, headers);
      return;
    }
    writeSse(res, headers, streamEvents(message));
  }

  private isAuthorised(request: RecordedRequest): boolean {
    const apiKeyHeader = request.headers['x-api-key'];
    const authorization = request.headers.authorization;
    return apiKeyHeader === this.apiKey || authorization === `Bearer ${this.apiKey}`;
  }

  private serveFault(fault: AnthropicFault, res: ServerResponse): void {
    switch (fault.kind) {
      case 'rate_limit':
        sendApiError(
          res,
          429,
          'rate_limit_error',
          'This request would exceed the rate limit for your organization of 50 requests per minute.',
          { 'retry-after': String(fault.retryAfterSeconds ?? 1), 'anthropic-ratelimit-requests-remaining': '0' },
        );
        return;
      case 'overloaded':
      case 'overloaded_midstream':
        sendApiError(res, 529, 'overloaded_error', 'Overloaded');
        return;
      case 'server_error':
        sendApiError(res, 500, 'api_error', 'Internal server error');
        return;
      case 'hang':
        this.http.hold(res);
        return;
    }
  }

  private async nextReply(request: FakeAnthropicRequest): Promise<FakeReply> {
    const callIndex = this.messageCalls++;
    const queued = this.queuedReplies.shift();
    if (queued) return queued;
    if (!this.responder) throw new Error('fake anthropic: no queued reply and no responder set');
    return this.responder(request, callIndex);
  }

  private buildMessage(request: FakeAnthropicRequest, reply: FakeReply): Message {
    const content: Message['content'] = [];
    if (reply.kind === 'text') {
      content.push({ type: 'text', text: reply.text, citations: null });
    } else {
      if (reply.preamble) content.push({ type: 'text', text: reply.preamble, citations: null });
      for (const call of reply.calls) {
        content.push({
          type: 'tool_use',
          id: call.id ?? this.nextId('toolu_01'),
          name: call.name,
          input: call.input,
          caller: { type: 'direct' },
        });
      }
    }
    const outputChars = content.reduce(
      (sum, block) => sum + (block.type === 'text' ? block.text.length : JSON.stringify(block).length),
      0,
    );
    return {
      id: this.nextId('msg_01'),
      type: 'message',
      role: 'assistant',
      model: request.model,
      content,
      stop_reason: reply.kind === 'text' ? (reply.stopReason ?? 'end_turn') : 'tool_use',
      stop_sequence: null,
      stop_details: null,
      container: null,
      diagnostics: null,
      usage: this.usageFor(request, outputChars),
    };
  }

  /**
   * Prompt caching as the API reports it: the prompt prefix up to the last cache_control breakpoint
   * (tools, then system, then messages) is written on first sight and read on later identical prefixes.
   */
  private usageFor(request: FakeAnthropicRequest, outputChars: number): Usage {
    const segments = promptSegments(request);
    const lastBreakpoint = segments.findLastIndex((segment) => segment.cached);
    const allChars = segments.reduce((sum, segment) => sum + segment.text.length, 0);
    let cachedChars = 0;
    let cacheRead = 0;
    let cacheWrite = 0;
    if (lastBreakpoint >= 0) {
      const prefix = segments.slice(0, lastBreakpoint + 1).map((segment) => segment.text);
      cachedChars = prefix.reduce((sum, text) => sum + text.length, 0);
      const key = `${request.model}\u0000${prefix.join('\u0000')}`;
      const prefixTokens = this.tokens(cachedChars);
      if (this.seenCachePrefixes.has(key)) cacheRead = prefixTokens;
      else {
        this.seenCachePrefixes.add(key);
        cacheWrite = prefixTokens;
      }
    }
    return {
      input_tokens: this.tokens(allChars - cachedChars),
      cache_creation_input_tokens: cacheWrite,
      cache_read_input_tokens: cacheRead,
      cache_creation: { ephemeral_5m_input_tokens: cacheWrite, ephemeral_1h_input_tokens: 0 },
      output_tokens: this.tokens(outputChars),
      output_tokens_details: null,
      server_tool_use: null,
      service_tier: 'standard',
      inference_geo: null,
      speed: null,
    };
  }

  private tokens(chars: number): number {
    return chars <= 0 ? 0 : Math.ceil(chars / this.charsPerToken);
  }

  private nextId(prefix: string): string {
    this.idCounter += 1;
    return `${prefix}FAKE${String(this.idCounter).padStart(18, '0')}`;
  }
}

interface PromptSegment {
  text: string;
  cached: boolean;
}

function promptSegments(request: FakeAnthropicRequest): PromptSegment[] {
  const segments: PromptSegment[] = [];
  const push = (value: unknown): void => {
    segments.push({ text: JSON.stringify(value), cached: isRecord(value) && value.cache_control != null });
  };
  for (const tool of request.tools ?? []) push(tool);
  if (typeof request.system === 'string') push({ type: 'text', text: request.system });
  else for (const block of request.system ?? []) push(block);
  for (const message of request.messages) {
    if (typeof message.content === 'string') push({ type: 'text', text: message.content });
    else for (const block of message.content) push(block);
  }
  // Top-level cache_control means "cache everything up to the last block" (automatic caching).
  const last = segments.at(-1);
  if (last && request.body.cache_control != null) last.cached = true;
  return segments;
}

function toFakeRequest(body: Record<string, unknown>): FakeAnthropicRequest {
  return {
    model: String(body.model),
    system: body.system as FakeAnthropicRequest['system'],
    messages: (body.messages ?? []) as FakeAnthropicRequest['messages'],
    tools: body.tools as FakeAnthropicRequest['tools'],
    tool_choice: body.tool_choice as FakeAnthropicRequest['tool_choice'],
    stream: body.stream === true,
    max_tokens: Number(body.max_tokens),
    body,
  };
}

/** The API's own 400 message for the first problem found, or undefined when the body is acceptable. */
function validateBody(body: Record<string, unknown>): string | undefined {
  if (typeof body.model !== 'string' || body.model === '') return 'model: Field required';
  if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens) || body.max_tokens < 1) {
    return 'max_tokens: Field required';
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
  const tools: unknown[] = Array.isArray(body.tools) ? body.tools : [];
  for (const [index, tool] of tools.entries()) {
    if (!isRecord(tool) || typeof tool.name !== 'string') return `tools.${index}.name: Field required`;
    if (tool.type === undefined && !isRecord(tool.input_schema)) return `tools.${index}.custom.input_schema: Field required`;
  }
  const choice = body.tool_choice;
  if (isRecord(choice) && choice.type === 'tool' && !tools.some((t) => isRecord(t) && t.name === choice.name)) {
    return `tool_choice: Tool '${String(choice.name)}' not found in provided tools`;
  }
  const breakpoints = countCacheControl(body.tools) + countCacheControl(body.system) + countCacheControl(body.messages);
  if (breakpoints > MAX_CACHE_BREAKPOINTS) {
    return `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${breakpoints}.`;
  }
  return validateToolPairs(body.messages);
}

function validateToolPairs(messages: unknown[]): string | undefined {
  let previousToolUseIds: string[] = [];
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      return `messages.${index}.role: Input should be 'user' or 'assistant'`;
    }
    const blocks: unknown[] = Array.isArray(message.content) ? message.content : [];
    const resultIds: string[] = [];
    for (const [blockIndex, block] of blocks.entries()) {
      if (!isRecord(block) || block.type !== 'tool_result') continue;
      const id = String(block.tool_use_id);
      if (message.role !== 'user' || !previousToolUseIds.includes(id)) {
        return (
          `messages.${index}.content.${blockIndex}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. ` +
          'Each `tool_result` block must have a corresponding `tool_use` block in the previous message.'
        );
      }
      resultIds.push(id);
    }
    const missing = previousToolUseIds.filter((id) => !resultIds.includes(id));
    if (missing.length > 0) {
      return (
        `messages.${index - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ` +
        `${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`
      );
    }
    previousToolUseIds =
      message.role === 'assistant'
        ? blocks.filter((b) => isRecord(b) && b.type === 'tool_use').map((b) => String((b as Record<string, unknown>).id))
        : [];
  }
  return undefined; // tool_use in a final assistant turn is a prefill the API accepts
}

function countCacheControl(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countCacheControl(item), 0);
  if (!isRecord(value)) return 0;
  const own = value.cache_control != null ? 1 : 0;
  return own + countCacheControl(value.content);
}

/** Replies served for tools the request never offered are a test bug: fail loudly, not silently. */
function checkToolsExist(reply: FakeReply, request: FakeAnthropicRequest): void {
  if (reply.kind !== 'tool_use') return;
  const offered = new Set((request.tools ?? []).map((tool) => ('name' in tool ? String(tool.name) : '')));
  for (const call of reply.calls) {
    if (!offered.has(call.name)) {
      throw new Error(`fake anthropic: scripted tool '${call.name}' is not in request.tools [${[...offered].join(', ')}]`);
    }
  }
}

type SseEvent = StreamEvent | { type: 'ping' } | { type: 'error'; error: { type: string; message: string } };

/** message_start as the API sends it: no content yet, stop_reason null, output_tokens 1. */
function messageStart(message: Message): StreamEvent {
  return {
    type: 'message_start',
    message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } },
  };
}

function midstreamOverload(message: Message): SseEvent[] {
  return [messageStart(message), { type: 'ping' }, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }];
}

function streamEvents(message: Message): SseEvent[] {
  const events: SseEvent[] = [messageStart(message), { type: 'ping' }];
  message.content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '', citations: null } });
      for (const piece of splitText(block.text)) {
        events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
      }
    } else if (block.type === 'tool_use') {
      events.push({ type: 'content_block_start', index, content_block: { ...block, input: {} } });
      for (const piece of splitJson(JSON.stringify(block.input))) {
        events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } });
      }
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push({
    type: 'message_delta',
    delta: { stop_reason: message.stop_reason, stop_sequence: null, stop_details: null, container: null },
    usage: {
      output_tokens: message.usage.output_tokens,
      input_tokens: message.usage.input_tokens,
      cache_creation_input_tokens: message.usage.cache_creation_input_tokens,
      cache_read_input_tokens: message.usage.cache_read_input_tokens,
      output_tokens_details: null,
      server_tool_use: null,
    },
  });
  events.push({ type: 'message_stop' });
  return events;
}

function writeSse(res: ServerResponse, headers: Record<string, string>, events: SseEvent[]): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...headers,
  });
  for (const event of events) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  res.end();
}

/** Word-ish pieces of a few words each, as the API streams them. */
function splitText(text: string): string[] {
  const pieces = text.match(/\S*\s*/g)?.filter((p) => p !== '') ?? [];
  const grouped: string[] = [];
  for (let i = 0; i < pieces.length; i += 3) grouped.push(pieces.slice(i, i + 3).join(''));
  return grouped.length > 0 ? grouped : [''];
}

/** The API opens with an empty partial_json, then cuts the JSON anywhere, mid-token included. */
function splitJson(json: string): string[] {
  const size = Math.max(1, Math.ceil(json.length / 4));
  const pieces = [''];
  for (let i = 0; i < json.length; i += size) pieces.push(json.slice(i, i + size));
  return pieces;
}

function sendApiError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  const requestId = `req_01FAKEERROR${Date.now()}`;
  sendJson(res, status, { type: 'error', error: { type, message }, request_id: requestId }, { 'request-id': requestId, ...headers });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
