import { Anchor, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ResetSendSchema } from '@motema/shared/auth';
import { showApiErrorOnForm, zodFormValidator } from '../../lib/form-errors.ts';
import { useSendResetCodeMutation, type ResetSendInput } from './auth.api.ts';
import { AuthScreen } from './components/auth-screen.tsx';
import { FormAlert } from './components/form-alert.tsx';
import { ResetCodeStep } from './components/reset-code-step.tsx';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';
import { identifierIn, withIdentifier } from './identifier-link.ts';
import { safeFrom } from '../../lib/safe-from.ts';

/**
 * Forgotten password, step 1: who (username, e-mail or phone) and where to send the code. The answer
 * is the same whether an account matches or not. Step 2 (the code) follows on the same screen.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const send = useSendResetCodeMutation();
  const [sentTo, setSentTo] = useState<ResetSendInput | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const form = useForm<ResetSendInput>({
    // What the member typed on the login page before tapping "Forgot your password?".
    initialValues: { identifier: identifierIn(searchParams), channel: 'email' },
    validate: zodFormValidator(ResetSendSchema, t),
  });

  const submit = form.onSubmit((values) => {
    setAlert(null);
    const input = { ...values, identifier: values.identifier.trim() };
    send.mutate(input, {
      onSuccess: () => setSentTo(input),
      onError: (error) => setAlert(showApiErrorOnForm(form, error, t)),
    });
  }, focusFirstErrorOf);

  // The page the member was going to when they tapped "Forgot your password?" (login's `from`).
  const from = safeFrom(searchParams.get('from'));
  const footer = (
    <Anchor component={Link} to={withIdentifier('/login', form.values.identifier, from)}>
      {t('reset.backToLogin')}
    </Anchor>
  );

  if (sentTo) {
    return (
      <AuthScreen title={t('reset.codeTitle')} footer={footer}>
        <ResetCodeStep sentTo={sentTo} onRestart={() => setSentTo(null)} />
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title={t('reset.title')} intro={t('reset.intro')} footer={footer}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert && <FormAlert>{alert}</FormAlert>}
          <TextInput
            label={t('fields.identifier')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            withAsterisk={false}
            {...form.getInputProps('identifier')}
          />
          <Radio.Group size="md" label={t('reset.channel')} {...form.getInputProps('channel')}>
            <Group gap="md" mt={8}>
              <Radio value="email" label={t('reset.byEmail')} size="md" />
              <Radio value="phone" label={t('reset.byPhone')} size="md" />
            </Group>
          </Radio.Group>
          <Button type="submit" fullWidth loading={send.isPending} mt="xs">
            {t('reset.send')}
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}
