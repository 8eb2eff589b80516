// @slow-tier loads the server's whole TypeScript program for the type-aware rules.
import { describe, expect, it } from 'vitest';
import { rulesFiredOn } from './test/lint-planted.ts';

// The type-aware rules read the project's files: the planted code stands in for one of them.
const BILLING = 'apps/server/src/features/billing/payments/payments.service.ts';

// Billing's type-aware rules (docs/decisions/0039): each case plants a violation, and shows the
// allowed way passing the same rule.
describe('the type-aware lint in billing', () => {
  it('fails on a promise neither awaited nor handled', { timeout: 180_000 }, async () => {
    const pay = 'export async function pay(): Promise<void> {}\n';
    expect(await rulesFiredOn(BILLING, `${pay}export function f() {\n  pay();\n}\n`)).toContain(
      'error @typescript-eslint/no-floating-promises',
    );
    expect(await rulesFiredOn(BILLING, `${pay}export async function f() {\n  await pay();\n}\n`)).toEqual([]);
  });

  it('fails on a switch that misses a case of its union', { timeout: 180_000 }, async () => {
    const cases = (arms: string) =>
      `export function f(state: 'paid' | 'failed'): number {\n  switch (state) {\n${arms}  }\n}\n`;
    const paid = "    case 'paid':\n      return 1;\n";
    expect(await rulesFiredOn(BILLING, cases(paid))).toContain(
      'error @typescript-eslint/switch-exhaustiveness-check',
    );
    expect(await rulesFiredOn(BILLING, cases(`${paid}    case 'failed':\n      return 0;\n`))).toEqual([]);
  });
});
