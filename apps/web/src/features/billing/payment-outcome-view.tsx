import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { Payment, UserSubscription } from '@motema/shared/billing';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Translate } from '../../lib/error-text.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notify } from '../../lib/notices.ts';
import { isCancellable, useNewestPassQuery } from './billing.api.ts';
import { CancelPaymentButton } from './cancel-payment-button.tsx';
import { formatDate, passState } from './passes.ts';
import { OUTCOMES, reasonKey, type Outcome } from './payment-outcome.ts';
import { paywallReturnPath } from './paywall-return.ts';

const LOOK = {
  positive: { color: 'teal', Icon: IconCircleCheck },
  warning: { color: 'ochre', Icon: IconAlertTriangle },
  negative: { color: 'red', Icon: IconCircleX },
} as const;

/**
 * The pass a success granted, once the passes answered: the newest one (the server grants it in the
 * transaction that settles the payment, so it is there when verify says SUCCESS).
 */
function useGrantedPass(success: boolean): UserSubscription | null {
  const newest = useNewestPassQuery(success);
  return success ? (newest.data ?? null) : null;
}

/**
 * What the success gives, with its dates: active now until its end (a first pass, or one of a better
 * plan than the running one, which starts at once: decision 0026, amended), or, bought while a pass
 * as good runs, from when that one ends.
 */
function successText(t: Translate, pass: UserSubscription): string {
  const language = currentLanguage();
  return passState(pass, Date.now()) === 'upcoming'
    ? t('outcome.success.later', { date: formatDate(pass.startsAt, language) })
    : t('outcome.success.until', { date: formatDate(pass.endsAt, language) });
}

/**
 * The wizard's status step: the outcome as a positive, warning or negative notice (SPEC sections 4
 * and 8), why in plain words, and what to do next: back to the conversation after a success when
 * the member came from the paywall, try again after a refusal, check again while it is pending.
 */
export function PaymentOutcomeView({
  outcome,
  payment,
  profile,
  checking,
  onRetry,
  onCheckAgain,
}: {
  outcome: Outcome;
  payment: Payment | null;
  profile: string | null;
  checking: boolean;
  onRetry: () => void;
  onCheckAgain: () => void;
}) {
  const { t } = useTranslation('billing');
  const kind = OUTCOMES[outcome];
  const { color, Icon } = LOOK[kind];
  const reason = payment?.reason ?? null;
  const granted = useGrantedPass(outcome === 'success');
  const told =
    outcome === 'failed' ||
    reason === 'member_cancelled' ||
    (outcome === 'pending' && (reason === 'in_review' || reason === 'checking'));
  const detail = told
    ? t((payment && reasonKey(payment)) ?? 'reason.declined')
    : outcome === 'success' && granted
      ? successText(t, granted)
      : t(`outcome.${outcome}.text`);

  // Told as the spec's notice too, once per outcome reached.
  useEffect(() => {
    notify(kind, t(`outcome.${outcome}.title`));
  }, [kind, outcome, t]);

  return (
    <Stack gap="md">
      <Alert
        variant="light"
        color={color}
        radius="md"
        icon={<Icon size={22} aria-hidden />}
        title={t(`outcome.${outcome}.title`)}
        role={kind === 'negative' ? 'alert' : 'status'}
      >
        <Text size="sm">{detail}</Text>
      </Alert>
      {outcome === 'success' ? (
        <>
          {profile && (
            <Button component={Link} to={paywallReturnPath(profile)} size="md">
              {t('outcome.backToConversation')}
            </Button>
          )}
          <Button
            component={Link}
            to="/premium/subscriptions"
            variant={profile ? 'light' : 'filled'}
            size="md"
          >
            {t('outcome.mySubscriptions')}
          </Button>
        </>
      ) : outcome === 'pending' ? (
        <>
          <Button onClick={onCheckAgain} loading={checking} size="md">
            {t('outcome.checkAgain')}
          </Button>
          {payment && isCancellable(payment) && <CancelPaymentButton payment={payment} />}
          <Button component={Link} to="/premium/subscriptions" variant="light" size="md">
            {t('outcome.mySubscriptions')}
          </Button>
        </>
      ) : (
        <Button onClick={onRetry} size="md">
          {t('outcome.tryAgain')}
        </Button>
      )}
    </Stack>
  );
}
