import { Button, Stack, Text, Title } from '@mantine/core';
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
import {
  useConfirmEmailChangeMutation,
  useRequestEmailChangeMutation,
  type EmailChangeInput,
} from './settings.api.ts';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';

/** A new e-mail address: the password, then the code sent to the new address. */
export function EmailSettingsPage() {
  const { t } = useTranslation(['settings', 'validation', 'errors']);
  const navigate = useNavigate();
  const me = useMeQuery().data;
  const request = useRequestEmailChangeMutation();
  const confirm = useConfirmEmailChangeMutation();
  const [sent, setSent] = useState<EmailChangeInput | null>(null);
  const form = useForm<EmailChangeInput>({
    initialValues: { email: '', password: '' },
    validate: zodFormValidator(EmailChangeSchema, t),
  });

  const submit = form.onSubmit((values) => {
    const input = EmailChangeSchema.parse(values);
    request.mutate(input, {
      onSuccess: () => setSent(input),
      onError: (error) =>
        applyServerErrors(form, error, t, { wrong_password: 'password', email_taken: 'email' }),
    });
  }, focusFirstErrorOf);

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('email.title')}
      </Title>
      {sent ? (
        <CodeStep
          sentTo={sent.email}
          confirm={confirm}
          onConfirmed={() => {
            notify('positive', t('email.saved'));
            void navigate('/settings/access', { replace: true });
          }}
          onResend={() =>
            request.mutate(sent, {
              onSuccess: () => notify('positive', t('code.resent')),
              onError: (error) => notifyServerError(error, t),
            })
          }
          resending={request.isPending}
          onRestart={() => setSent(null)}
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
            <Button type="submit" loading={request.isPending} fullWidth mt="xs">
              {t('email.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
