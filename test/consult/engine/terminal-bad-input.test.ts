import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { replies, runChat } from '../../support/run-chat.js';
import { seededDataDir } from '../../support/pglite-image.js';

/** Issue 14 acceptance: `npm run chat` piped bad input answers every message and stays safe. */
describe('the terminal chat under bad input (npm run chat)', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('answers a NUL byte, raises the referral for a zero-width-split danger word, and gives no dose for a nonsense dx:', async () => {
    const dataDir = await seededDataDir('chat-bad-input-');
    dirs.push(dataDir);
    const { code, stdout, stderr } = await runChat(
      ['3 year old\u0000 boy', '14 kg', 'fever for 2 days, had con\u200Bvulsions this morning', 'dx: asdfgh', 'what should I do now?'],
      { DATA_DIR: dataDir },
    );
    expect(stderr).not.toMatch(/error/i);
    expect(code).toBe(0);
    const r = replies(stdout);
    expect(r[0]).toMatch(/weight in kg/);
    expect(r[1]).toMatch(/main findings/);
    expect(r[2]).toMatch(/URGENT/);
    expect(r[2]).toMatch(/convulsion/i);
    // The findings are acknowledged after the referral, then the dx: gets an answer that names no dose.
    const afterDx = r.slice(4).join('\n');
    expect(afterDx).toMatch(/not (?:covered|in the guidelines)|could not find/i);
    expect(afterDx).not.toMatch(/\b\d+(?:\.\d+)?\s*(?:mg|ml|mL|tablets?)\b/);
    // Every message got an answer: nothing was lost, nothing hung.
    expect(r.length).toBeGreaterThanOrEqual(6);
  });
});
