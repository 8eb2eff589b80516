import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { EmailField } from '../../ui/email-field.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmailChangeSchema } from '@motema/shared/auth';
import { zodFormValidator } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notices.ts';
import { useMeQuery } from '../users/users.api.ts';
import { applyServerErrors, notifyServerError } from '../../lib/apply-server-errors.ts';
import { CodeStep } from './components/code-step.tsx';
import { ResendWait } from './components/resend-wait.tsx';
import { useChangeUnderWay } from './use-change-under-way.ts';
import {
  useConfirmEmailChangeMutation,
  useRequestEmailChangeMutation,
  type EmailChangeInput,
} from './settings.api.ts';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';

/**
 * A new e-mail address: the password, then the code sent to the new address. A reload comes back to
 * the code step of the change under way (the server keeps it); a new code then asks the password again.
 */
export function EmailSettingsPage() {
  const { t } = useTranslation(['settings', 'validation', 'errors']);
  const navigate = useNavigate();
  const me = useMeQuery().data;
  const request = useRequestEmailChangeMutation();
  const confirm = useConfirmEmailChangeMutation();
  const [sent, setSent] = useState<EmailChangeInput | null>(null);
  const change = useChangeUnderWay('email');
  const form = useForm<EmailChangeInput>({
    initialValues: { email: '', password: '' },
    validate: zodFormValidator(EmailChangeSchema, t),
  });

  const submit = form.onSubmit((values) => {
    const input = EmailChangeSchema.parse(values);
    request.mutate(input, {
      onSuccess: () => {
        setSent(input);
        change.sent();
      },
      onError: (error) =>
        change.refuse(error) ||
        applyServerErrors(form, error, t, { wrong_password: 'password', email_taken: 'email' }),
    });
  }, focusFirstErrorOf);
  // The address the code went to: the one sent from here, or after a reload the change under way.
  const sentTo = sent?.email ?? change.underWay?.email;
  const restart = () => {
    setSent(null);
    if (!form.values.email && sentTo) form.setFieldValue('email', sentTo);
    change.showForm();
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('email.title')}
      </Title>
      {change.loading && !sent ? (
        <Skeleton height={160} radius="md" />
      ) : sentTo ? (
        <CodeStep
          sentTo={sentTo}
          confirm={confirm}
          onConfirmed={() => {
            notify('positive', t('email.saved'));
            void navigate('/settings/access', { replace: true });
          }}
          onResend={() =>
            sent
              ? request.mutate(sent, {
                  onSuccess: () => notify('positive', t('code.resent')),
                  onError: (error) => change.refuse(error) || notifyServerError(error, t),
                })
              : restart()
          }
          resending={request.isPending}
          resendAt={change.resendAt}
          resendRefused={change.refusedUntil !== null}
          onRestart={restart}
          restartLabel={t('email.restart')}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {me && <Text c="dimmed">{t('email.current', { email: me.email })}</Text>}
            <EmailField label={t('email.new')} required {...form.getInputProps('email')} />
            <PasswordField
              label={t('email.password')}
              description={t('email.passwordHint')}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <ResendWait until={change.refusedUntil} refused />
            <Button type="submit" loading={request.isPending} fullWidth mt="xs">
              {t('email.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
