import { Group, Paper, Stack, Text } from '@mantine/core';
import type { Journal } from '@motema/shared/partnership';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { formatMoney } from '../billing/money.ts';

/** "+$1.20", "−$10": what the entry did to the balances, the sign always written. */
export function signedMoney(amount: number, currency: Journal['currency'], language: string): string {
  const text = formatMoney(Math.abs(amount), currency, language);
  return amount < 0 ? `−${text}` : `+${text}`;
}

/**
 * What a line did to the balance (on hold and available): credit, debit, or a move that left it as it
 * was (a release, a withdrawal paid), written without a sign and in the neutral colour.
 * The 9th shades: teal.8 on white is 3.8:1, below the 4.5:1 that text of this size needs (axe).
 */
const EFFECTS = {
  credit: 'teal.9',
  debit: 'red.9',
  move: 'dimmed',
} as const;
const effectOf = (amount: number): keyof typeof EFFECTS =>
  amount > 0 ? 'credit' : amount < 0 ? 'debit' : 'move';

/** One journal: its kind, where it comes from (the child, the payment or the withdrawal), when, how much. */
export function JournalRow({ journal }: { journal: Journal }) {
  const { t } = useTranslation('partnership');
  const language = currentLanguage();
  const effect = effectOf(journal.amount);
  const source = journal.child
    ? t('journals.fromChild', { name: journal.child.name })
    : journal.withdrawal
      ? t('journals.fromWithdrawal')
      : null;
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(journal.createdAt),
  );
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{t(`journals.kind.${journal.kind}`)}</Text>
          {source && (
            <Text size="sm" c="dimmed">
              {source}
              {journal.payment && ` · ${journal.payment.reference}`}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {when}
          </Text>
        </Stack>
        <Text
          fw={700}
          c={EFFECTS[effect]}
          style={{ flexShrink: 0 }}
          data-testid="journal-amount"
          data-effect={effect}
        >
          {effect === 'move'
            ? formatMoney(journal.moved, journal.currency, language)
            : signedMoney(journal.amount, journal.currency, language)}
        </Text>
      </Group>
    </Paper>
  );
}
