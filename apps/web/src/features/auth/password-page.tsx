import { Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordSchema } from '@motema/shared/auth';
import { showApiErrorOnForm, zodFormValidator } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notices.ts';
import { useResetPasswordMutation } from './auth.api.ts';
import { withIdentifier } from './identifier-link.ts';
import { codeErrorOf } from './code-errors.ts';
import { AuthScreen } from './components/auth-screen.tsx';
import { FormAlert } from './components/form-alert.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import type { PasswordStepState } from './components/reset-code-step.tsx';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';
import { safeFrom } from '../../lib/safe-from.ts';

type PasswordValues = { password: string; confirmation: string };
type Alert = { message: string; restart: boolean };

function isPasswordStepState(state: unknown): state is PasswordStepState {
  const value = state as Partial<PasswordStepState> | null;
  return typeof value?.identifier === 'string' && typeof value.code === 'string';
}

/** Forgotten password, last step: the new password, with the identifier and code from step 2. */
export function PasswordPage() {
  const state: unknown = useLocation().state;
  // The page the member was going to before the forgotten password (login's `from`): login opens it.
  const from = safeFrom(useSearchParams()[0].get('from'));
  if (!isPasswordStepState(state))
    return <Navigate replace to={withIdentifier('/reset-password', null, from)} />;
  return <NewPasswordForm identifier={state.identifier} code={state.code} from={from} />;
}

function NewPasswordForm({ identifier, code, from }: PasswordStepState & { from: string | null }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const [alert, setAlert] = useState<Alert | null>(null);
  const form = useForm<PasswordValues>({
    initialValues: { password: '', confirmation: '' },
    validate: zodFormValidator(ResetPasswordSchema, t, (values: PasswordValues) => ({
      identifier,
      code,
      ...values,
    })),
  });

  const submit = form.onSubmit((values) => {
    setAlert(null);
    reset.mutate(
      { identifier, code, ...values },
      {
        onSuccess: () => {
          notify('positive', t('password.done'));
          void navigate(withIdentifier('/login', identifier, from), { replace: true });
        },
        onError: (error) => {
          const refusal = codeErrorOf(error);
          if (refusal) return setAlert({ message: t(`errors:${refusal}`), restart: true });
          const message = showApiErrorOnForm(form, error, t);
          setAlert(message ? { message, restart: false } : null);
        },
      },
    );
  }, focusFirstErrorOf);

  return (
    <AuthScreen title={t('password.title')} intro={t('password.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert && (
            <FormAlert>
              {alert.message}
              {alert.restart && (
                <>
                  {' '}
                  <Anchor
                    component={Link}
                    to={withIdentifier('/reset-password', identifier, from)}
                    inherit
                    fw={600}
                  >
                    {t('password.restart')}
                  </Anchor>
                </>
              )}
            </FormAlert>
          )}
          <PasswordField
            label={t('password.password')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('password.confirmation')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            {...form.getInputProps('confirmation')}
          />
          <Button type="submit" fullWidth loading={reset.isPending} mt="xs">
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}
