/**
 * The whatsapp-web.js Client, set up for this project: the session under <dataDir>/whatsapp-session
 * (LocalAuth, so a restart does not ask for a new QR scan), Debian's Chromium headless, the QR code
 * drawn for the terminal while the phone is not linked, and the session brought back with backoff
 * after a disconnect. Everything WhatsApp-Web-specific lives here; the adapters see WhatsAppClientLike.
 */
import { join } from 'node:path';
import qrcode from 'qrcode-terminal';
import whatsappWeb from 'whatsapp-web.js';
import type { ClientOptions } from 'whatsapp-web.js';
import type { Log } from '../../core/logging.js';
import { settlesWithin } from '../../core/settles-within.js';
import { createReconnectPolicy, type ReconnectTimers } from './reconnect-policy.js';
import type { WhatsAppClientLike, WhatsAppMessageLike } from './whatsapp-client.js';

/** Chromium flags for a headless server: no sandbox (often run as root in a container), nothing in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

/** The session lifecycle on top of the messaging slice: what a whatsapp-web.js Client also does. */
export interface WhatsAppSessionClient extends WhatsAppClientLike {
  initialize(): Promise<void>;
  destroy(): Promise<void>;
  on(event: 'qr', listener: (qr: string) => void): unknown;
  on(event: 'ready' | 'authenticated', listener: () => void): unknown;
  on(event: 'disconnected', listener: (reason: string) => void): unknown;
  on(event: 'auth_failure', listener: (message: string) => void): unknown;
  // Repeated from WhatsAppClientLike: overloads declared here hide the inherited ones.
  on(event: 'message', listener: (message: WhatsAppMessageLike) => void): unknown;
  on(event: 'message_edit', listener: (message: WhatsAppMessageLike, newBody: unknown, previousBody: unknown) => void): unknown;
}

export interface WhatsAppWebClientOptions {
  /** The session goes to `<dataDir>/whatsapp-session`. */
  dataDir: string;
  /** The browser binary, e.g. /usr/bin/chromium. */
  chromiumPath: string;
  /** Receives the QR code drawn for a terminal, each time WhatsApp offers one (it changes about every 20 s). */
  onQr: (drawing: string) => void;
  /** Ids, states and counts only. */
  log: Log;
  /** Reconnect backoff: first delay (default 1 000 ms), doubled up to maxDelayMs (default 300 000 ms). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Tests: a fake clock for the backoff. */
  timers?: ReconnectTimers;
  /** Tests: builds the client instead of whatsapp-web.js (so no browser starts). */
  createClient?: (options: ClientOptions) => WhatsAppSessionClient;
  /** How long stop() waits for a start or reconnect in progress before closing the browser. Default 10 000 ms. */
  stopWaitMs?: number;
}

export interface WhatsAppWebClient {
  /** The client the inbound and outbound adapters use; it stays the same object across reconnects. */
  readonly client: WhatsAppClientLike;
  /** True from 'ready' until the next disconnect: only then can messages be sent. */
  readonly connected: boolean;
  /**
   * Launches the browser and opens WhatsApp Web; resolves once the page is up (the QR is shown or the
   * stored session is restoring), before 'ready'. Rejects when the browser cannot start.
   */
  start(): Promise<void>;
  /** Cancels any pending reconnect and closes the browser; the session stays on disk. */
  stop(): Promise<void>;
}

/** The whatsapp-web.js options this project runs with (exported so a test can check them without a browser). */
export function whatsAppClientOptions(options: { dataDir: string; chromiumPath: string }): ClientOptions {
  return {
    authStrategy: new whatsappWeb.LocalAuth({ dataPath: join(options.dataDir, 'whatsapp-session') }),
    puppeteer: { executablePath: options.chromiumPath, headless: true, args: [...CHROMIUM_ARGS] },
  };
}

/** Builds the client; call start() to launch it. */
export function createWhatsAppWebClient(options: WhatsAppWebClientOptions): WhatsAppWebClient {
  const { log } = options;
  const clientOptions = whatsAppClientOptions(options);
  const client: WhatsAppSessionClient = options.createClient ? options.createClient(clientOptions) : new whatsappWeb.Client(clientOptions);
  // The launch or relaunch in progress: a reconnect waits for it, and stop() lets it finish first so
  // a browser that is still starting cannot outlive the process.
  let inFlight: Promise<void> | undefined;
  const track = (work: Promise<void>): Promise<void> => {
    inFlight = work;
    return work;
  };

  const policy = createReconnectPolicy({
    reconnect: async () => {
      await inFlight?.catch(() => undefined);
      await track(
        (async () => {
          // whatsapp-web.js closes the browser itself on most disconnects; destroying again is harmless.
          await client.destroy().catch(() => undefined);
          await client.initialize();
        })(),
      );
    },
    ...(options.initialDelayMs === undefined ? {} : { initialDelayMs: options.initialDelayMs }),
    ...(options.maxDelayMs === undefined ? {} : { maxDelayMs: options.maxDelayMs }),
    ...(options.timers ? { timers: options.timers } : {}),
    onAttempt: ({ attempt, delayMs }) => log.info({ attempt, delayMs }, 'whatsapp reconnecting'),
    onAttemptFailed: (error, { attempt }) => log.warn({ attempt, error: errorName(error) }, 'whatsapp reconnect failed; backing off'),
  });

  let connected = false;
  let qrShown = 0;
  client.on('qr', (qr) => {
    qrShown += 1;
    qrcode.generate(qr, { small: true }, (drawing) => options.onQr(drawing));
    // The QR itself is a credential for the linked device: it goes to the terminal, never to the log.
    log.info({ qrShown }, 'whatsapp needs linking: scan the QR code in Linked devices');
  });
  client.on('authenticated', () => log.info({}, 'whatsapp authenticated'));
  client.on('ready', () => {
    qrShown = 0;
    connected = true;
    policy.ready();
    log.info({}, 'whatsapp ready');
  });
  client.on('auth_failure', () => {
    connected = false;
    // The library's message may quote session details: the event alone is logged.
    log.error({}, 'whatsapp session could not be restored; retrying');
    policy.lost();
  });
  client.on('disconnected', (reason) => {
    connected = false;
    const state = typeof reason === 'string' && /^[A-Z_]{1,40}$/.test(reason) ? reason : 'other';
    if (state === 'LOGOUT') {
      // Unlinked from the phone: whatsapp-web.js deletes the session and reloads the same page, which
      // shows a new QR. Relaunching the browser now would race with that reload.
      log.warn({ reason: state }, 'whatsapp logged out from the phone: scan the new QR code to link again');
      return;
    }
    log.warn({ reason: state, nextDelayMs: policy.nextDelayMs }, 'whatsapp disconnected');
    policy.lost();
  });

  return {
    client,
    get connected() {
      return connected;
    },
    async start() {
      try {
        await track(client.initialize());
      } catch (error) {
        await client.destroy().catch(() => undefined);
        throw new Error(`WhatsApp Web did not start (is Chromium at ${options.chromiumPath}?): ${errorMessage(error)}`, { cause: error });
      }
    },
    async stop() {
      policy.stop();
      connected = false;
      if (inFlight) await settlesWithin(inFlight, options.stopWaitMs ?? 10_000);
      await client.destroy().catch((error: unknown) => log.warn({ error: errorName(error) }, 'whatsapp browser did not close cleanly'));
    },
  };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
