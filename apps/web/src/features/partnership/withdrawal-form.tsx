import { Alert, Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { Currency } from '@motema/shared/billing';
import type { PartnerBalance, Withdrawal } from '@motema/shared/partnership';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { errorText, isSessionEnd, type Translate } from '../../lib/error-text.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { randomUuid } from '../../lib/random-uuid.ts';
import { formatMoney } from '../billing/money.ts';
import { formatDay } from './partnership-day.ts';
import { useWithdrawMutation, type WithdrawalRequest } from './partnership.api.ts';
import { amountText, parseAmount } from './withdrawal-amount.ts';

/**
 * One attempt's Idempotency-Key: the same while the member sends the same request again (a retry
 * after no answer), a new one once they change the amount or the currency (as billing's payment start).
 */
function useAttemptKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return (request: WithdrawalRequest) => {
    const body = JSON.stringify(request);
    if (attempt.current?.body !== body) attempt.current = { body, key: randomUuid() };
    return attempt.current.key;
  };
}

/** A refusal in the member's words: the withdrawal's own codes with their details, else the catalogue's. */
function refusalText(error: unknown, t: Translate, minimum: string): string {
  if (!isApiError(error)) return errorText(error, t);
  const language = currentLanguage();
  switch (error.code) {
    case 'withdrawal_minimum':
      return t('withdraw.errors.withdrawal_minimum', { minimum });
    case 'withdrawal_cooldown':
      return error.until
        ? t('withdraw.errors.withdrawal_cooldown', { date: formatDay(error.until, language) })
        : errorText(error, t);
    case 'operator_limit':
      return t(`withdraw.errors.operator_limit_${error.limit === 'monthly' ? 'monthly' : 'daily'}`);
    case 'insufficient_balance':
    case 'withdrawal_in_flight':
    case 'withdrawal_account_required':
    case 'partnership_required':
      return t(`withdraw.errors.${error.code}`);
    default:
      return errorText(error, t);
  }
}

/** The amount and currency to withdraw to the proven number; the available amount offered, the minimum said. */
export function WithdrawalForm({
  balances,
  phone,
  onStarted,
}: {
  /** Those with something available, the first chosen. */
  balances: PartnerBalance[];
  phone: string;
  onStarted: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useTranslation(['partnership', 'errors']);
  const language = currentLanguage();
  const withdraw = useWithdrawMutation();
  const keyFor = useAttemptKey();
  const [currency, setCurrency] = useState<Currency>(balances[0]!.currency);
  const balance = balances.find((row) => row.currency === currency)!;
  const [typed, setTyped] = useState(() => amountText(balance.available, currency));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const minimum = formatMoney(balance.minimum, currency, language);

  const choose = (value: string) => {
    const chosen = balances.find((row) => row.currency === value)!;
    setCurrency(chosen.currency);
    setTyped(amountText(chosen.available, chosen.currency));
    setAmountError(null);
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const amount = parseAmount(typed, currency);
    if (amount === null || amount <= 0) return setAmountError(t('withdraw.amountInvalid'));
    if (amount < balance.minimum) return setAmountError(t('withdraw.errors.withdrawal_minimum', { minimum }));
    if (amount > balance.available) return setAmountError(t('withdraw.errors.insufficient_balance'));
    setAmountError(null);
    const request = { amount, currency };
    withdraw.mutate(
      { request, key: keyFor(request) },
      {
        onSuccess: onStarted,
        onError: (error) => {
          if (!isSessionEnd(error)) setFailure(refusalText(error, t, minimum));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {balances.length > 1 && (
          <SegmentedControl
            fullWidth
            aria-label={t('withdraw.currency')}
            value={currency}
            onChange={choose}
            data={balances.map((row) => ({ value: row.currency, label: row.currency }))}
          />
        )}
        <TextInput
          label={t('withdraw.amount', { currency })}
          description={t('withdraw.available', {
            available: formatMoney(balance.available, currency, language),
            minimum,
          })}
          inputMode="decimal"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={amountError}
        />
        <Text size="sm">{t('withdraw.to', { phone: `+${phone}` })}</Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={withdraw.isPending}>
          {t('withdraw.submit')}
        </Button>
      </Stack>
    </form>
  );
}
