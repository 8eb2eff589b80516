import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginSchema, type LoginInput } from '@motema/shared/auth';
import { isApiError } from '../../lib/api-client.ts';
import { showApiErrorOnForm, zodFormValidator } from '../../lib/form-errors.ts';
import { identifierIn, withIdentifier } from './identifier-link.ts';
import { useLoginMutation } from './auth.api.ts';
import { AuthScreen } from './components/auth-screen.tsx';
import { FormAlert } from './components/form-alert.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { registerPath, safeFrom } from '../../lib/safe-from.ts';
import { keepPageAfterOnboarding } from '../../lib/page-after-onboarding.ts';
import { memberOnboardingStep } from '../../lib/photo-step.ts';
import { loginErrorText } from './login-error.ts';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';

type LoginAlert = { message: string; confirmEmail?: string };

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLoginMutation();
  const [alert, setAlert] = useState<LoginAlert | null>(null);
  const form = useForm<LoginInput>({
    // A member sent here to log in after confirming finds the e-mail already typed.
    initialValues: { identifier: identifierIn(searchParams), password: '' },
    validate: zodFormValidator(LoginSchema, t),
  });

  const from = safeFrom(searchParams.get('from'));

  const submit = form.onSubmit((values) => {
    setAlert(null);
    login.mutate(values, {
      onSuccess: (me) => {
        // A member who still has to onboard is sent there first: the page opens once that is done.
        if (from && memberOnboardingStep(me)) keepPageAfterOnboarding(from);
        void navigate(from ?? '/home', { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 400 && error.issues.length > 0) {
          const rest = showApiErrorOnForm(form, error, t);
          setAlert(rest ? { message: rest } : null);
          return;
        }
        // Not confirmed yet: the server names the address the code went to (the password was right),
        // whether the member typed it, a username or a phone.
        const notActive = isApiError(error) && error.status === 403 ? error.email : undefined;
        setAlert({ message: loginErrorText(error, t), confirmEmail: notActive });
      },
    });
  }, focusFirstErrorOf);

  return (
    <AuthScreen
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <>
          <Anchor component={Link} to={withIdentifier('/reset-password', form.values.identifier, from)}>
            {t('login.forgot')}
          </Anchor>
          <Text>
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={registerPath(from)} fw={600}>
              {t('login.register')}
            </Anchor>
          </Text>
        </>
      }
    >
      {/* method="dialog": sent before any script ran (a slow line), the form stays as filled instead of
          reloading the page empty; the app sends it (apps/web/build/painted-start.ts). */}
      <form method="dialog" onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert && (
            <FormAlert>
              {alert.message}
              {alert.confirmEmail && (
                // The way forward, as a button of its own: a link in the alert's text was easy to miss
                // and too pale on its background.
                <Button
                  component={Link}
                  to={`/otp?email=${encodeURIComponent(alert.confirmEmail)}`}
                  size="sm"
                  mt="sm"
                  fullWidth
                  h="auto"
                  py={8}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
                >
                  {t('login.enterCode')}
                </Button>
              )}
            </FormAlert>
          )}
          <TextInput
            label={t('fields.identifier')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            withAsterisk={false}
            {...form.getInputProps('identifier')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            required
            withAsterisk={false}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={login.isPending} mt="xs">
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}
