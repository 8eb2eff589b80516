import { Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactConfirmSchema } from '@motema/shared/auth';
import { ONE_TIME_CODE_LENGTH } from '@motema/shared/limits';
import type { Me } from '@motema/shared/users';
import { zodFormValidator } from '../../../lib/form-errors.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { focusFirstErrorOf } from '../../../lib/focus-first-error.ts';
import { useClock } from '../../../lib/use-clock.ts';
import { ResendWait } from './resend-wait.tsx';

const CODE_FIELDS = { code_invalid: 'code', code_expired: 'code', code_too_many_tries: 'code' } as const;

type CodeStepProps = {
  /** Where the code went, as the member reads it (an e-mail address or a phone number). */
  sentTo: string;
  confirm: UseMutationResult<Me, Error, string>;
  onConfirmed: (me: Me) => void;
  /** Sends the same request again, for a new code (or, its password no longer kept, goes back to ask it). */
  onResend: () => void;
  resending: boolean;
  /** When a new code may be asked (ms; null: now): until then the way to ask is closed and says so. */
  resendAt: number | null;
  /** The last ask was refused as too soon: the wait is said as an alert that stays. */
  resendRefused: boolean;
  /** Back to the first step, to correct the address; `restartLabel` says so ("Use another e-mail"). */
  onRestart: () => void;
  restartLabel: string;
};

/** The second step of an e-mail or phone change: the 6-digit code that was sent. */
export function CodeStep(props: CodeStepProps) {
  const { sentTo, confirm, onConfirmed, onResend, resending, onRestart, restartLabel } = props;
  const { t } = useTranslation(['settings', 'validation', 'errors']);
  const now = useClock(1000);
  const waiting = props.resendAt !== null && props.resendAt > now;
  const labelId = useId();
  const form = useForm({ initialValues: { code: '' }, validate: zodFormValidator(ContactConfirmSchema, t) });

  const submit = form.onSubmit(
    ({ code }) =>
      confirm.mutate(code, {
        onSuccess: onConfirmed,
        onError: (error) => {
          form.setFieldValue('code', '');
          applyServerErrors(form, error, t, CODE_FIELDS);
        },
      }),
    focusFirstErrorOf,
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('code.sent', { to: sentTo })}</Text>
        <Input.Wrapper
          label={t('code.label')}
          labelElement="div"
          labelProps={{ id: labelId }}
          error={form.errors.code}
        >
          <PinInput
            mt={6}
            length={ONE_TIME_CODE_LENGTH}
            type="number"
            size="lg"
            gap="xs"
            oneTimeCode
            autoFocus
            aria-labelledby={labelId}
            error={!!form.errors.code}
            getInputProps={(index) => ({
              'aria-label': t('code.digit', { index: index + 1, total: ONE_TIME_CODE_LENGTH }),
            })}
            value={form.values.code}
            onChange={(code) => {
              form.setFieldValue('code', code);
              form.clearFieldError('code');
            }}
            onComplete={() => submit()}
          />
        </Input.Wrapper>
        <Button type="submit" loading={confirm.isPending} fullWidth>
          {t('code.submit')}
        </Button>
        <ResendWait until={props.resendAt} refused={props.resendRefused} />
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            px="xs"
            onClick={onResend}
            loading={resending}
            disabled={confirm.isPending || waiting}
          >
            {t('code.resend')}
          </Button>
          <Button variant="subtle" color="gray" px="xs" onClick={onRestart} disabled={confirm.isPending}>
            {restartLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
