import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newInviteCode } from '../../../src/consult/enrollment/invite-code.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { inviteWorker, TEST_SENDER_HASH_SECRET } from '../../support/enrollment.js';
import { FAKE_ANTHROPIC_API_KEY, FakeAnthropicServer, replyText } from '../../fakes/fake-anthropic-server.js';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import { startEntry, type RunningProcess } from '../../support/processes.js';
import { describeWithRedis, TEST_REDIS_URL } from '../../support/redis.js';
import { startSharedDatabase } from '../../support/shared-database.js';

describeWithRedis('a worker killed in the middle of a plan job', () => {
  const telegram = new FakeTelegramServer({ chatRateLimit: false });
  const anthropic = new FakeAnthropicServer();
  let shared: Awaited<ReturnType<typeof startSharedDatabase>>;
  const processes: RunningProcess[] = [];
  const prefix = `test-crash-${process.pid}-${Date.now()}`;
  let dataDir: string;
  let code: string;
  let botEnv: Record<string, string>;
  let workerEnv: Record<string, string>;

  beforeAll(async () => {
    shared = await startSharedDatabase();
    const supervisorId = await createStaffMember(shared.db, { role: 'supervisor', name: 'Supervisor', email: 'crash@example.org' });
    code = newInviteCode();
    await inviteWorker(shared.db, { displayName: 'CHW', supervisorId, code });
    const telegramUrl = (await telegram.start()).url;
    const anthropicUrl = (await anthropic.start()).url;
    // The plan writer's draft: a line copied from the first section, cited, so it survives the checks.
    anthropic.setResponder((request) => {
      const last = request.messages.at(-1);
      const text = typeof last?.content === 'string' ? last.content : (last?.content ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('');
      const json = JSON.parse(text.split('<consult_data>')[1]?.split('</consult_data>')[0] ?? '{}') as { sections: Array<{ label: string; text: string }> };
      const s = json.sections[0];
      const sentence = (s?.text ?? '').split(/(?<=\.)\s+/).find((x) => x.length > 30) ?? '';
      return replyText(`**What to do now**\n- ${sentence} [${s?.label}]`);
    });
    dataDir = await mkdtemp(join(tmpdir(), 'crash-'));
    const common = {
      DATABASE_URL: shared.url,
      SENDER_HASH_SECRET: TEST_SENDER_HASH_SECRET,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: TEST_REDIS_URL,
      JOBS_PREFIX: prefix,
      JOBS_LOCK_SECONDS: '2',
      TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM_TOKEN,
      TELEGRAM_API_ROOT: telegramUrl,
      DATA_DIR: dataDir,
    };
    // The bot interviews offline; the workers write plans with (fake) Claude.
    botEnv = common;
    workerEnv = { ...common, ANTHROPIC_API_KEY: FAKE_ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL: anthropicUrl, ANTHROPIC_TIMEOUT_MS: '120000', ANTHROPIC_MAX_RETRIES: '0' };
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) await p.stop(5_000);
    await telegram.close();
    await anthropic.close();
    await shared?.close();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('is taken over by another worker, and exactly one plan reaches the chat', async () => {
    const bot = startEntry('bot', botEnv);
    const firstWorker = startEntry('worker', workerEnv);
    processes.push(bot, firstWorker);
    const chatId = 7_000_001;
    const say = async (text: string, count: number) => {
      telegram.pushTextMessage({ chatId, fromId: chatId, text });
      await telegram.waitForMessages(chatId, count, 60_000);
    };
    await say(`/start ${code}`, 1);
    await say('30 year old man', 2);
    await say('fever 2 days, RDT positive', 3);
    // The first plan request hangs: the worker is in the middle of the job when it dies.
    anthropic.failNext(1, { kind: 'hang' });
    await say('dx: uncomplicated malaria', 4);
    const deadline = Date.now() + 60_000;
    while (anthropic.hangingCount === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(anthropic.hangingCount).toBe(1);
    await firstWorker.kill();

    processes.push(startEntry('worker', workerEnv));
    const sent = await telegram.waitForMessages(chatId, 5, 90_000);
    await new Promise((r) => setTimeout(r, 4_000));
    const plans = telegram.sentTo(chatId).filter((m) => m.text.includes('Sources'));
    expect(plans).toHaveLength(1);
    expect(sent[4]?.text).toMatch(/\[S1\]/);
    expect(await shared.db.prisma.plan.count()).toBe(1);
  }, 300_000);
});
