import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RegisterSchema } from '@motema/shared/auth';
import { MAX_AGE, MIN_AGE } from '@motema/shared/limits';
import { showApiErrorOnForm, zodFormValidator } from '../../lib/form-errors.ts';
import { useRegisterMutation } from './auth.api.ts';
import { AuthScreen } from './components/auth-screen.tsx';
import { focusFirstError } from '../../lib/focus-first-error.ts';
import { forgetReferralCode, referralCode } from './referral-code.ts';
import { FormAlert } from './components/form-alert.tsx';
import { EmailField } from '../../ui/email-field.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import {
  EMPTY_REGISTER_VALUES,
  forgetRegisterValues,
  keepRegisterValues,
  registerValuesKept,
  toRegisterInput,
  type RegisterValues,
} from './register-values.ts';
import { loginPath, safeFrom } from '../../lib/safe-from.ts';
import { keepPageAfterOnboarding } from '../../lib/page-after-onboarding.ts';

/** `YYYY-MM-DD` of the day `years` years ago (the date input's bounds). */
const yearsAgo = (years: number) => {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return date.toISOString().slice(0, 10);
};

/**
 * Sign-up asks only what the account needs. The first name and the sex, which every member must give
 * before meeting anyone, are asked by the first onboarding step (the profile, where the member also
 * reads who sees each field), as Tinder does: never offered here as optional and then required.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const register = useRegisterMutation();
  const formRef = useRef<HTMLFormElement>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [params] = useSearchParams();
  // Read once: the link's code is kept on the device, so a visit to login and back still carries it.
  const [referral] = useState(() => referralCode(params.get('ref')));
  // The page the visitor was going to (the guard's `from`), opened once onboarding is done.
  const from = safeFrom(params.get('from'));
  const form = useForm<RegisterValues>({
    initialValues: EMPTY_REGISTER_VALUES,
    onValuesChange: keepRegisterValues,
    validate: zodFormValidator(RegisterSchema, t, toRegisterInput),
    // The date is checked when the form is sent, not on blur: its error (two lines on a phone) would
    // appear under the tap that leaves it and push the terms' checkbox away from the finger, which then
    // ticked nothing. The other fields sit above the next field, whose focus the tap has already taken.
    validateInputOnBlur: ['username', 'email', 'password'],
  });
  // What was typed in this tab before the terms' link or a reload, once the painted form is the app's
  // (the first render matches the server's, empty).
  const { setValues } = form;
  useEffect(() => setValues(registerValuesKept), [setValues]);

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      register.mutate(toRegisterInput(values, referral), {
        onSuccess: ({ email }) => {
          forgetReferralCode();
          keepPageAfterOnboarding(from);
          forgetRegisterValues();
          void navigate(`/otp?email=${encodeURIComponent(email)}`, { state: { codeSent: true } });
        },
        onError: (error) => {
          setAlert(showApiErrorOnForm(form, error, t));
          focusFirstError(formRef.current);
        },
      });
    },
    () => focusFirstError(formRef.current),
  );

  return (
    <AuthScreen
      title={t('register.title')}
      intro={t('register.intro')}
      footer={
        <Text>
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to={loginPath(from)} fw={600}>
            {t('register.login')}
          </Anchor>
        </Text>
      }
    >
      {/* method="dialog": as the login form's (login-page.tsx). */}
      <form ref={formRef} method="dialog" onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert && <FormAlert>{alert}</FormAlert>}
          {referral && (
            <Text size="sm" c="dimmed">
              {t('register.invitedBy', { code: referral })}
            </Text>
          )}
          <TextInput
            label={t('fields.username')}
            description={t('register.usernameHint')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            withAsterisk={false}
            {...form.getInputProps('username')}
          />
          <EmailField
            label={t('fields.email')}
            required
            withAsterisk={false}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('fields.password')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            {...form.getInputProps('password')}
          />
          <TextInput
            label={t('register.dateOfBirth')}
            description={t('register.dateOfBirthHint')}
            type="date"
            min={yearsAgo(MAX_AGE)}
            max={yearsAgo(MIN_AGE)}
            autoComplete="bday"
            required
            withAsterisk={false}
            {...form.getInputProps('dateOfBirth')}
          />
          <Checkbox
            size="md"
            label={
              <Trans
                t={t}
                i18nKey="register.acceptTerms"
                components={{
                  terms: <Anchor component={Link} to="/terms-and-conditions" inherit />,
                  privacy: <Anchor component={Link} to="/privacy-policy" inherit />,
                }}
              />
            }
            {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
          />
          <Button type="submit" fullWidth loading={register.isPending} mt="xs">
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}
