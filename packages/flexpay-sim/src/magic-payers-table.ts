import { MAGIC_CARDS, MAGIC_PAYERS } from './magic-payers.ts';

/** The magic payers and test cards as the Markdown tables of docs/payments.md (checked by a test). */
export function magicPayersMarkdown(): string {
  const payers = Object.entries(MAGIC_PAYERS).map(
    ([name, payer]) => `| \`${payer.msisdn}\` | \`${name}\` | ${payer.behaviour} |`,
  );
  const cards = Object.values(MAGIC_CARDS).map((card) => `| \`${card.number}\` | ${card.behaviour} |`);
  return [
    '| payer | scenario | what happens |',
    '|---|---|---|',
    ...payers,
    '',
    '| card | what happens |',
    '|---|---|',
    ...cards,
  ].join('\n');
}
