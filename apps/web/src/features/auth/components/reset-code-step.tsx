import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ResetVerifySchema } from '@motema/shared/auth';
import { errorText } from '../../../lib/error-text.ts';
import { showApiErrorOnForm, zodFormValidator } from '../../../lib/form-errors.ts';
import { useSendResetCodeMutation, useVerifyResetCodeMutation, type ResetSendInput } from '../auth.api.ts';
import { codeErrorOf } from '../code-errors.ts';
import { useCooldown } from '../use-cooldown.ts';
import { CodeField } from './code-field.tsx';
import { FormAlert } from './form-alert.tsx';
import { ResendCodeButton } from './resend-code-button.tsx';
import { focusFirstErrorOf } from '../../../lib/focus-first-error.ts';
import { withIdentifier } from '../identifier-link.ts';
import { safeFrom } from '../../../lib/safe-from.ts';

const RESEND_COOLDOWN_S = 60;
type Notice = { kind: 'negative' | 'positive'; message: string };

/** The state /password needs: kept in the router's history state, never in the URL (only `from` is). */
export type PasswordStepState = { identifier: string; code: string };

/** Forgotten password, step 2: the 6-digit code, then on to /password. */
export function ResetCodeStep({ sentTo, onRestart }: { sentTo: ResetSendInput; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const from = safeFrom(useSearchParams()[0].get('from'));
  const verify = useVerifyResetCodeMutation();
  const resend = useSendResetCodeMutation();
  const cooldown = useCooldown(RESEND_COOLDOWN_S);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { identifier } = sentTo;
  const form = useForm({
    initialValues: { code: '' },
    validate: zodFormValidator(ResetVerifySchema, t, (values: { code: string }) => ({
      identifier,
      code: values.code,
    })),
  });

  // A code was just sent: the next one may be asked for in a minute.
  const { start } = cooldown;
  useEffect(() => {
    start();
  }, [start]);

  const submit = form.onSubmit(({ code }) => {
    // The sixth digit sends the code by itself (as sign-up's): an Enter or a tap meanwhile adds nothing.
    if (verify.isPending) return;
    setNotice(null);
    verify.mutate(
      { identifier, code },
      {
        onSuccess: () =>
          void navigate(withIdentifier('/password', null, from), {
            state: { identifier, code } satisfies PasswordStepState,
          }),
        onError: (error) => {
          const refusal = codeErrorOf(error);
          if (!refusal) {
            const message = showApiErrorOnForm(form, error, t);
            return setNotice(message ? { kind: 'negative', message } : null);
          }
          form.setFieldValue('code', '');
          form.setFieldError('code', t(`errors:${refusal}`));
          if (refusal === 'code_expired') cooldown.start();
        },
      },
    );
  }, focusFirstErrorOf);

  const askNewCode = () => {
    setNotice(null);
    resend.mutate(sentTo, {
      onSuccess: () => {
        cooldown.start();
        form.clearErrors();
        setNotice({ kind: 'positive', message: t('reset.resent') });
      },
      onError: (error) => setNotice({ kind: 'negative', message: errorText(error, t) }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">
          {t(sentTo.channel === 'phone' ? 'reset.codeIntroPhone' : 'reset.codeIntroEmail', { identifier })}
        </Text>
        {notice && <FormAlert kind={notice.kind}>{notice.message}</FormAlert>}
        <CodeField
          label={t('reset.code')}
          description={t('code.validity')}
          autoFocus
          {...form.getInputProps('code')}
          onComplete={() => submit()}
        />
        <Button type="submit" fullWidth loading={verify.isPending}>
          {t('reset.verify')}
        </Button>
        <ResendCodeButton remaining={cooldown.remaining} loading={resend.isPending} onClick={askNewCode} />
        <Anchor component="button" type="button" onClick={onRestart} ta="center" c="dimmed">
          {t('reset.otherIdentifier')}
        </Anchor>
      </Stack>
    </form>
  );
}
