import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const depcruise = fileURLToPath(new URL('../../node_modules/.bin/depcruise', import.meta.url));

async function check(target: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout } = await run(depcruise, [target, '--config', '.dependency-cruiser.cjs'], { cwd: root });
    return { ok: true, output: stdout };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('the dependency rule (npm run deps:check)', () => {
  it('rejects an SDK imported into src/consult or src/rag', async () => {
    const result = await check('test/fixtures/dependency-rule/src');
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/domain-imports-no-sdk: test\/fixtures\/dependency-rule\/src\/consult\/imports-an-sdk\.ts → (?:\S*\/)?node_modules\/@anthropic-ai\/sdk/);
    expect(result.output).toMatch(/domain-imports-no-sdk: test\/fixtures\/dependency-rule\/src\/rag\/imports-prisma\.ts → (?:\S*\/)?node_modules\/@prisma\/client/);
    // The clean file is never the one reported (it is only the target of the folder back-edges below).
    expect(result.output).not.toMatch(/clean\.ts →/);
  });

  it('rejects a folder back-edge: src/patient or src/rag importing src/consult', async () => {
    const result = await check('test/fixtures/dependency-rule/src');
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/domain-folders-one-way: test\/fixtures\/dependency-rule\/src\/patient\/imports-consult\.ts → test\/fixtures\/dependency-rule\/src\/consult\/clean\.ts/);
    expect(result.output).toMatch(/rag-does-not-import-consult: test\/fixtures\/dependency-rule\/src\/rag\/imports-consult\.ts → test\/fixtures\/dependency-rule\/src\/consult\/clean\.ts/);
  });

  it('rejects src/ingest importing src/infra: ingestion loads through its store port', async () => {
    const result = await check('test/fixtures/dependency-rule/src');
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/ingest-loads-through-its-port: test\/fixtures\/dependency-rule\/src\/ingest\/imports-infra\.ts → test\/fixtures\/dependency-rule\/src\/infra\/clean\.ts/);
  });

  it('passes on the product code', async () => {
    const result = await check('src');
    expect(result.output).toMatch(/no dependency violations found/);
    expect(result.ok).toBe(true);
  });
});
