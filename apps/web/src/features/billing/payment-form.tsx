import { Alert, Button, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCard, IconDeviceMobile, IconLock } from '@tabler/icons-react';
import {
  normalisePayerPhone,
  type Currency,
  type Payment,
  type PaymentMethod,
  type Subscription,
} from '@motema/shared/billing';
import { useEffect, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { errorText, isSessionEnd } from '../../lib/error-text.ts';
import { useMeQuery } from '../users/users.api.ts';
import { findOpenPayment, useStartPaymentMutation, type PaymentStart } from './billing.api.ts';
import { formatMoney } from './money.ts';
import { OpenPaymentNotice } from './open-payment-notice.tsx';
import {
  forgetUnansweredStart,
  keepUnansweredStart,
  unansweredStart,
  useAttemptKey,
} from './payment-attempt.ts';
import {
  rememberedPayerPhone,
  rememberedPaymentMethod,
  rememberPayerPhone,
  rememberPaymentMethod,
} from './payment-method.ts';
import { PaymentStep } from './payment-step.tsx';

/**
 * On arrival: a start tapped in this tab whose answer never came (the page reloaded while Pay was
 * under way) is asked again with its key, and the server answers with that payment; otherwise a
 * payment of this plan that waits (started elsewhere, or earlier) shows at once, rather than a form
 * inviting a second one.
 */
function useOnArrival(
  member: string | undefined,
  planId: string,
  resend: (kept: { start: PaymentStart; key: string }) => void,
  show: Dispatch<SetStateAction<Payment | null>>,
) {
  useEffect(() => {
    const kept = member ? unansweredStart(member, planId) : null;
    if (kept) return resend(kept);
    let gone = false;
    findOpenPayment(planId).then(
      (open) => !gone && open && show((shown) => shown ?? open),
      () => undefined,
    );
    return () => {
      gone = true;
    };
    // Once, as the form opens: `resend` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member, planId, show]);
}

type PaymentFormProps = {
  plan: Subscription;
  /** The number the member paid from last on this screen: a new try need not type it again. */
  lastPhone: string | null;
  /** The currency of the payment tried last ("Try again" keeps it). */
  lastCurrency?: Currency | null;
  onStarted: (payment: Payment, phone: string | null) => void;
};

/**
 * The wizard's first step: how to pay (Mobile Money unless the member chose the card before on
 * this device), the currency, and for mobile money the payer's number; then the payment starts.
 */
export function PaymentForm({ plan, lastPhone, lastCurrency = null, onStarted }: PaymentFormProps) {
  const { t } = useTranslation(['billing', 'errors']);
  const language = currentLanguage();
  const me = useMeQuery().data;
  const start = useStartPaymentMutation();
  const keyFor = useAttemptKey();
  const [method, setMethod] = useState<PaymentMethod>(rememberedPaymentMethod);
  const [currency, setCurrency] = useState<Currency>(lastCurrency ?? 'CDF');
  // The number typed last in this tab (kept across a reload), else the member's own number when it
  // is a Congolese one: most pay from the phone they use.
  const [phone, setPhone] = useState(
    () =>
      lastPhone ??
      rememberedPayerPhone(me?._id) ??
      (me?.phone && normalisePayerPhone(me.phone) ? me.phone : ''),
  );
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A payment of this plan already waiting for approval: the member cancels it or keeps waiting.
  const [waiting, setWaiting] = useState<Payment | null>(null);
  // A start tapped before a reload, asked again: its answer (up to about 20 s on 3G) replaces the form.
  const [resuming, setResuming] = useState(false);
  const price = formatMoney(plan.cost[currency], currency, language);
  const MethodIcon = method === 'card' ? IconCreditCard : IconDeviceMobile;

  const choose = (value: string) => {
    const chosen = value as PaymentMethod;
    setMethod(chosen);
    rememberPaymentMethod(chosen);
    setFailure(null);
  };

  const send = (body: PaymentStart, key: string, payerNumber: string | null) => {
    if (me) keepUnansweredStart(me._id, plan._id, body, key);
    start.mutate(
      { start: body, key },
      {
        onSettled: () => {
          forgetUnansweredStart();
          setResuming(false);
        },
        onSuccess: (payment) => onStarted(payment, payerNumber),
        onError: async (error) => {
          if (isSessionEnd(error)) return;
          if (isApiError(error) && error.issues.some((issue) => issue.path === 'phone'))
            return setPhoneError(t('form.phoneInvalid'));
          // A payment of this plan still open: shown with its amount and number, not a bare refusal.
          if (isApiError(error) && error.code === 'payment_in_progress') {
            const open = await findOpenPayment(plan._id).catch(() => null);
            if (open) return setWaiting(open);
          }
          setFailure(errorText(error, t));
        },
      },
    );
  };
  useOnArrival(
    me?._id,
    plan._id,
    (kept) => {
      setResuming(true);
      send(kept.start, keyFor(kept.start, kept.key), kept.start.phone ? phone : null);
    },
    setWaiting,
  );

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setFailure(null);
    setWaiting(null);
    let payer: string | undefined;
    if (method === 'mobile_money') {
      payer = normalisePayerPhone(phone) ?? undefined;
      if (!payer) return setPhoneError(t('form.phoneInvalid'));
      if (me) rememberPayerPhone(me._id, phone);
    }
    setPhoneError(null);
    const body: PaymentStart = {
      subscription: plan._id,
      method,
      currency,
      ...(payer ? { phone: payer } : {}),
    };
    send(body, keyFor(body), payer ? phone : null);
  };

  if (resuming) return <ResumingPayment />;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PaymentStep method={method} step={method === 'card' ? 'ready' : 'phone'} />
        <Stack gap={6}>
          <Text fw={600} size="sm" id="pay-with">
            {t('form.method')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="pay-with"
            value={method}
            onChange={choose}
            data={[
              { value: 'mobile_money', label: t('method.mobile_money') },
              { value: 'card', label: t('method.card') },
            ]}
          />
        </Stack>
        <CurrencyChoice value={currency} onChange={setCurrency} />
        {method === 'mobile_money' ? (
          <TextInput
            label={t('form.phone')}
            description={t('form.phoneHelp')}
            placeholder="081 234 5678"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            size="md"
            leftSection={<IconDeviceMobile size={18} aria-hidden />}
            value={phone}
            onChange={(event) => {
              setPhone(event.currentTarget.value);
              setPhoneError(null);
            }}
            error={phoneError}
          />
        ) : (
          <Alert variant="light" color="gray" radius="md" icon={<IconLock size={18} aria-hidden />}>
            <Text size="sm">{t('form.cardText')}</Text>
          </Alert>
        )}
        {waiting && (
          <OpenPaymentNotice
            payment={waiting}
            onCancelled={(answer) =>
              // Paid meanwhile: its outcome, not a second payment. Otherwise the new one starts.
              answer.transaction.status === 'SUCCESS' ? onStarted(answer, null) : submit()
            }
            onKeepWaiting={() => onStarted(waiting, method === 'mobile_money' ? phone : null)}
          />
        )}
        {failure && (
          <Alert variant="light" color="red" radius="md" title={t('form.failed')} role="alert">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          loading={start.isPending}
          leftSection={<MethodIcon size={20} aria-hidden />}
        >
          {method === 'card' ? t('form.toCardPage', { price }) : t('form.pay', { price })}
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          {t('form.prepaid', { count: plan.days })}
        </Text>
      </Stack>
    </form>
  );
}

/** A start tapped before a reload, asked again: shown until its answer comes. */
function ResumingPayment() {
  const { t } = useTranslation('billing');
  return (
    <Stack gap="md" align="center" py="xl" role="status">
      <Loader aria-hidden />
      <Text ta="center">{t('form.resuming')}</Text>
    </Stack>
  );
}

/** "Pay in": francs or dollars. */
function CurrencyChoice({ value, onChange }: { value: Currency; onChange: (currency: Currency) => void }) {
  const { t } = useTranslation('billing');
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm" id="pay-in">
        {t('form.currency')}
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby="pay-in"
        value={value}
        onChange={(chosen) => onChange(chosen as Currency)}
        data={[
          { value: 'CDF', label: t('form.currencyCdf') },
          { value: 'USD', label: t('form.currencyUsd') },
        ]}
      />
    </Stack>
  );
}
