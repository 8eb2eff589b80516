import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MAGIC_PAYERS, magicScenarioOf } from './magic-payers.ts';
import { magicPayersMarkdown } from './magic-payers-table.ts';

describe('the magic payers', () => {
  it('are documented in docs/payments.md exactly as the constant says (paste the tables if this fails)', async () => {
    const docs = await readFile(new URL('../../../docs/payments.md', import.meta.url), 'utf8');
    expect(docs).toContain(magicPayersMarkdown());
    // No magic-looking number in the docs that the constant does not know.
    const known = new Set<string>(Object.values(MAGIC_PAYERS).map((payer) => payer.msisdn));
    expect([...docs.matchAll(/2439900\d{5}/g)].map((m) => m[0]).filter((n) => !known.has(n))).toEqual([]);
  });

  it('are each one number of one scenario, and other numbers are interactive', () => {
    const numbers = Object.values(MAGIC_PAYERS).map((payer) => payer.msisdn);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const number of numbers) expect(number).toMatch(/^243[0-9]{9}$/);
    expect(magicScenarioOf(MAGIC_PAYERS.lyingCallback.msisdn)).toBe('lyingCallback');
    expect(magicScenarioOf('243812345678')).toBeNull();
  });
});
