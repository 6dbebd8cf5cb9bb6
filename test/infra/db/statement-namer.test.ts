import { describe, expect, it } from 'vitest';
import { statementNamer } from '../../../src/infra/db/sql-session.js';

describe('named statements for the queries a process repeats', () => {
  it('names a text from its second use, the same name every time after', () => {
    const nameOf = statementNamer();
    expect(nameOf('SELECT 1 WHERE $1::int = 1')).toBeUndefined();
    const name = nameOf('SELECT 1 WHERE $1::int = 1');
    expect(name).toMatch(/^s[0-9a-f]{20}$/);
    expect(nameOf('SELECT 1 WHERE $1::int = 1')).toBe(name);
    expect(nameOf('SELECT 2 WHERE $1::int = 1')).toBeUndefined();
  });

  it('stops naming past its limit, so statements built with a varying number of rows stay unnamed', () => {
    const nameOf = statementNamer(2);
    const texts = ['a', 'b', 'c'].map((t) => `SELECT '${t}'`);
    for (const text of texts) nameOf(text);
    expect(texts.map((text) => nameOf(text))).toEqual([expect.any(String), expect.any(String), undefined]);
  });
});
