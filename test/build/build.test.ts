/**
 * `npm run build` and the commands the Dockerfile and docker-compose.yml run, here (no Docker daemon on
 * this machine): build once into a temporary directory (beside it only a node_modules, as in the image),
 * then start review, worker and bot from the build with `node dist/src/entry/<name>.js` in production,
 * ask each the compose health check (`node dist/src/entry/healthcheck.js URL`), and stop each with SIGTERM.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../fakes/fake-telegram-server.js';
import { freePort } from '../support/processes.js';
import { describeWithRedis, TEST_REDIS_URL } from '../support/redis.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let root = '';
let dist = '';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'chw-build-'));
  dist = join(root, 'dist');
  // As in the image: the build next to a node_modules, nothing else of the repository.
  await symlink(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  await run(process.execPath, ['scripts/build.mjs', '--out-dir', dist], { cwd: ROOT, timeout: 180_000 });
}, 200_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then the exit code (SIGKILL after 20 s). */
  stop(): Promise<number | null>;
}

/** `node dist/src/entry/<name>.js` from the build's directory, as the compose services run it. */
function startBuilt(name: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, [join(dist, 'src/entry', `${name}.js`)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: root, NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: join(root, `data-${name}`), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** The compose health check: `node dist/src/entry/healthcheck.js URL`; resolves with its exit code. */
async function healthcheck(url: string): Promise<number> {
  return run(process.execPath, [join(dist, 'src/entry/healthcheck.js'), url, '--timeout', '2000'], { cwd: root }).then(
    () => 0,
    (error: { code?: number }) => error.code ?? 1,
  );
}

/** Polls the health check until it passes; fails naming the process' output after `timeoutMs`. */
async function untilHealthy(url: string, started: Started, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`exited ${started.child.exitCode} before it was healthy:\n${started.output()}`);
    if ((await healthcheck(url)) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`not healthy after ${timeoutMs} ms:\n${started.output()}`);
}

describe('npm run build', () => {
  it('compiles every process to dist with the files read at run time, and imports no dev dependency', async () => {
    const entries = (await readdir(join(ROOT, 'src/entry'))).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, '.js'));
    for (const entry of entries) expect(existsSync(join(dist, 'src/entry', entry)), entry).toBe(true);
    expect(existsSync(join(dist, 'src/ingest/parse-worker.js'))).toBe(true);
    expect(existsSync(join(dist, 'src/generated/prisma/client.js'))).toBe(true);
    expect(existsSync(join(dist, 'knowledge/danger-signs.yaml'))).toBe(true);
    expect((await readdir(join(dist, 'prisma/migrations'))).length).toBe((await readdir(join(ROOT, 'prisma/migrations'))).length);
    expect(existsSync(join(dist, 'corpus/sample'))).toBe(true);
    expect(JSON.parse(await readFile(join(dist, 'package.json'), 'utf8'))).toMatchObject({ type: 'module' });

    // The image installs with --omit=dev: an import of a dev dependency would fail there only.
    const { devDependencies } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const files = (await readdir(join(dist, 'src'), { recursive: true })).filter((f) => f.endsWith('.js'));
    const imported = new Set<string>();
    for (const file of files) {
      const text = await readFile(join(dist, 'src', file), 'utf8');
      for (const match of text.matchAll(/(?:from\s+|import\(\s*|import\s+)['"]([^'"./][^'"]*)['"]/g)) imported.add(match[1] ?? '');
    }
    const devImports = Object.keys(devDependencies).filter((dev) => [...imported].some((name) => name === dev || name.startsWith(`${dev}/`)));
    // tsx is resolved only when the module runs as .ts (src/ingest/parse-workers.ts), never from the build.
    expect(devImports).toEqual([]);
  });

  it('is ignored by git', async () => {
    await expect(run('git', ['check-ignore', '-q', 'dist/src/entry/main.js'], { cwd: ROOT })).resolves.toBeDefined();
    const { stdout } = await run('git', ['ls-files', 'dist'], { cwd: ROOT });
    expect(stdout).toBe('');
  });

  it('parses the sample corpus on worker threads from the build (the .js worker entry, no tsx)', async () => {
    const dataDir = join(root, 'data-parse');
    const { stderr } = await run(process.execPath, [join(dist, 'src/entry/guidelines.js'), 'parse', '--sample'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: dataDir },
      timeout: 90_000,
    });
    expect(stderr).toMatch(/parse finished: .* on [1-9]\d* worker threads/);
    expect((await readFile(join(dataDir, 'chunks.jsonl'), 'utf8')).split('\n').length).toBeGreaterThan(100);
  }, 100_000);

  it('review: the built app answers the health check and its sign-in page, and stops on SIGTERM', async () => {
    const port = await freePort();
    const review = startBuilt('review', { REVIEW_PORT: String(port) });
    try {
      await untilHealthy(`http://127.0.0.1:${port}/healthz`, review);
      const page = await fetch(`http://127.0.0.1:${port}/login`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<form/i);
    } finally {
      expect(await review.stop(), review.output()).toBe(0);
    }
  }, 120_000);

  it('bot: the built bot answers a message through the fake Telegram Bot API, then drains on SIGTERM', async () => {
    const telegram = new FakeTelegramServer();
    const { url } = await telegram.start();
    const healthPort = await freePort();
    const bot = startBuilt('bot', { TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM_TOKEN, TELEGRAM_API_ROOT: url, HEALTH_PORT: String(healthPort) });
    try {
      await untilHealthy(`http://127.0.0.1:${healthPort}/healthz`, bot);
      telegram.pushTextMessage({ chatId: 4_242_001, text: 'hello' });
      // An unknown sender: the gate's answer comes back through the outbox.
      const [reply] = await telegram.waitForMessages(4_242_001, 1, 30_000);
      expect(reply?.text ?? '').not.toBe('');
    } finally {
      expect(await bot.stop(), bot.output()).toBe(0);
      await telegram.close();
    }
    expect(bot.output()).toMatch(/"msg":"stopped"/);
  }, 150_000);
});

describeWithRedis('npm run build: the worker', () => {
  it('starts from the build on Redis, answers the health check, and stops on SIGTERM', async () => {
    const healthPort = await freePort();
    const worker = startBuilt('worker', { REDIS_URL: TEST_REDIS_URL, JOBS_PREFIX: `build-test-${process.pid}`, HEALTH_PORT: String(healthPort) });
    try {
      await untilHealthy(`http://127.0.0.1:${healthPort}/healthz`, worker);
      expect(worker.output()).toMatch(/worker started/);
    } finally {
      expect(await worker.stop(), worker.output()).toBe(0);
    }
    expect(worker.output()).toMatch(/"msg":"stopped"/);
    expect(await healthcheck(`http://127.0.0.1:${healthPort}/healthz`)).toBe(1);
  }, 120_000);
});
