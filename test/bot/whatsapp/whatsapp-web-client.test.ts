import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClientOptions } from 'whatsapp-web.js';
import whatsappWeb from 'whatsapp-web.js';
import { createWhatsAppWebClient, whatsAppClientOptions } from '../../../src/bot/whatsapp/whatsapp-web-client.js';
import { FakeClock } from './fake-clock.js';
import { FakeWhatsAppClient } from './fake-whatsapp-client.js';

const QR = '2@Xa8bQ1pFq9kz,5YHFrZk0pJ2Q8wS3nP1fQ0sE=,Zx9Lk2mN0pQ4rS6tU8vW0xY2zA4=,1Qm3Zl9oO5tK7hB=,1';

function recordingLog() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

function setUp() {
  const fake = new FakeWhatsAppClient();
  const clock = new FakeClock();
  const qrs: string[] = [];
  const { lines, log } = recordingLog();
  let options: ClientOptions | undefined;
  const web = createWhatsAppWebClient({
    dataDir: '/srv/chw/data',
    chromiumPath: '/usr/bin/chromium',
    onQr: (drawing) => qrs.push(drawing),
    log,
    timers: clock,
    createClient: (clientOptions) => {
      options = clientOptions;
      return fake;
    },
  });
  return { fake, clock, qrs, lines, web, options: () => options };
}

describe('the whatsapp-web.js client set-up', () => {
  it('keeps the session under DATA_DIR/whatsapp-session and runs the given Chromium headless', () => {
    const options = whatsAppClientOptions({ dataDir: '/srv/chw/data', chromiumPath: '/usr/bin/chromium' });
    expect(options.authStrategy).toBeInstanceOf(whatsappWeb.LocalAuth);
    expect((options.authStrategy as InstanceType<typeof whatsappWeb.LocalAuth>).dataPath).toBe(resolve('/srv/chw/data/whatsapp-session'));
    expect(options.puppeteer).toEqual({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  });

  it('draws each QR code for the terminal and never writes it to the log', async () => {
    const { fake, qrs, lines, web, options } = setUp();
    expect(options()?.puppeteer?.executablePath).toBe('/usr/bin/chromium');
    await web.start();
    fake.emit('qr', QR);
    fake.emit('qr', `${QR}x`); // WhatsApp refreshes the code every ~20 s
    expect(qrs).toHaveLength(2);
    expect(qrs[0]).not.toBe(qrs[1]);
    // The small variant: half-block characters, two QR rows per terminal line.
    expect(qrs[0]).toMatch(/[▀▄█]/);
    expect(qrs[0]?.split('\n').length).toBeGreaterThan(10);
    expect(qrs[0]).not.toContain(QR);
    expect(JSON.stringify(lines)).not.toContain('Xa8bQ1pFq9kz');
  });

  it('relaunches after a disconnect with backoff, and is connected only between ready and disconnect', async () => {
    const { fake, clock, web } = setUp();
    await web.start();
    expect(fake.lifecycle).toEqual(['initialize']);
    expect(web.connected).toBe(false);
    fake.emit('ready');
    expect(web.connected).toBe(true);

    fake.failNextInitialize = 2;
    fake.emit('disconnected', 'CONFLICT');
    expect(web.connected).toBe(false);
    await clock.advance(999);
    expect(fake.lifecycle).toEqual(['initialize']);
    await clock.advance(1); // 1 s: fails
    await clock.advance(2_000); // 2 s more: fails
    await clock.advance(4_000); // 4 s more: succeeds
    expect(fake.lifecycle).toEqual(['initialize', 'destroy', 'initialize', 'destroy', 'initialize', 'destroy', 'initialize']);
    fake.emit('ready');
    expect(web.connected).toBe(true);

    // Ready again: the next disconnect waits 1 s, not 8 s.
    fake.emit('disconnected', 'UNPAIRED');
    await clock.advance(1_000);
    expect(fake.lifecycle.slice(-2)).toEqual(['destroy', 'initialize']);
  });

  it('retries after an auth failure, and leaves a phone logout to the library (it shows a new QR itself)', async () => {
    const { fake, clock, lines, web } = setUp();
    await web.start();
    fake.emit('auth_failure', 'session of +233200000001 is invalid');
    await clock.advance(1_000);
    expect(fake.lifecycle).toEqual(['initialize', 'destroy', 'initialize']);
    expect(JSON.stringify(lines)).not.toContain('233200000001');

    fake.emit('ready');
    fake.emit('disconnected', 'LOGOUT');
    await clock.advance(10 * 60_000);
    expect(fake.lifecycle).toEqual(['initialize', 'destroy', 'initialize']);
    expect(lines.at(-1)?.message).toMatch(/logged out/);
  });

  it('stop() cancels a pending reconnect and closes the browser', async () => {
    const { fake, clock, web } = setUp();
    await web.start();
    fake.emit('ready');
    fake.emit('disconnected', 'TIMEOUT');
    await web.stop();
    await clock.advance(10 * 60_000);
    expect(fake.lifecycle).toEqual(['initialize', 'destroy']);
    expect(clock.pendingCount).toBe(0);
    expect(web.connected).toBe(false);
  });

  it('reports a browser that cannot start, naming the Chromium path', async () => {
    const { fake, web } = setUp();
    fake.failNextInitialize = 1;
    await expect(web.start()).rejects.toThrow(/Chromium at \/usr\/bin\/chromium.*Failed to launch/);
    expect(fake.lifecycle).toEqual(['initialize', 'destroy']);
  });
});
