import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { CLOCK_REFRESH_MS } from '@motema/shared/limits';
import type { WithdrawalAccount } from '@motema/shared/partnership';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isSessionEnd } from '../../lib/error-text.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notify } from '../../lib/notices.ts';
import { useClock } from '../../lib/use-clock.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { formatMoney } from '../billing/money.ts';
import { JoinFirst } from './join-first.tsx';
import { OverviewFallback } from './overview-fallback.tsx';
import { usePartnershipQuery, useRetryAccountMutation, useVerifyAccountMutation } from './partnership.api.ts';
import { WithdrawalAccountForm } from './withdrawal-account-form.tsx';
import { WithdrawalAccountStatus } from './withdrawal-account-status.tsx';

/** The proof under way (approve, then Verify) or failed (Retry), under the number's status. */
function ProofStep({ account }: { account: WithdrawalAccount }) {
  const { t } = useTranslation(['partnership', 'errors']);
  const verify = useVerifyAccountMutation();
  const retry = useRetryAccountMutation();
  const amount = formatMoney(account.proofAmount.amount, account.proofAmount.currency, currentLanguage());
  const onError = (error: unknown) => {
    if (!isSessionEnd(error)) notify('negative', errorText(error, t), 6000);
  };
  if (account.status === 'proving')
    return (
      <Stack gap="sm">
        <Alert color="ochre" title={t('account.proving.title')}>
          {t('account.proving.text', { amount, phone: `+${account.phone}` })}
        </Alert>
        <Button
          loading={verify.isPending}
          onClick={() =>
            verify.mutate(undefined, {
              onSuccess: (checked) => {
                if (checked.status === 'proving') notify('warning', t('account.proving.notYet'), 4000);
              },
              onError,
            })
          }
        >
          {t('account.verify')}
        </Button>
      </Stack>
    );
  if (account.status === 'failed')
    return (
      <Stack gap="sm">
        <Alert color="red" title={t('account.failed.title')}>
          {t('account.failed.text')}
        </Alert>
        <Button loading={retry.isPending} onClick={() => retry.mutate(undefined, { onError })}>
          {t('account.retry')}
        </Button>
      </Stack>
    );
  return null;
}

/**
 * `/premium/withdrawal/account`: the number withdrawals go to. Set with the password; then proven by
 * a small payment its holder approves on the phone (Verify; Retry when declined or expired).
 */
export function WithdrawalAccountPage() {
  const { t } = useTranslation(['partnership', 'errors']);
  const overview = usePartnershipQuery();
  const now = useClock(CLOCK_REFRESH_MS);
  const [editing, setEditing] = useState(false);
  useDocumentTitle(t('account.title'));
  const account = overview.data?.withdrawalAccount ?? null;

  const body = () => {
    if (!overview.isSuccess) return <OverviewFallback overview={overview} />;
    if (!overview.data.partnership) return <JoinFirst />;
    if (!account || editing)
      return (
        <Stack gap="md">
          <Text size="sm">{t(account ? 'account.changeIntro' : 'account.intro')}</Text>
          <WithdrawalAccountForm
            phone={account ? `+${account.phone}` : ''}
            onCancel={account ? () => setEditing(false) : undefined}
            onSaved={() => setEditing(false)}
          />
        </Stack>
      );
    return (
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <WithdrawalAccountStatus account={account} now={now} />
        </Paper>
        <ProofStep account={account} />
        <Button variant="subtle" onClick={() => setEditing(true)}>
          {t('account.change')}
        </Button>
      </Stack>
    );
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('account.title')}
      </Title>
      {body()}
    </Stack>
  );
}
