import { Button, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField } from '../../ui/email-field.tsx';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ConfirmEmailSchema, ResendConfirmationSchema } from '@motema/shared/auth';
import { errorText } from '../../lib/error-text.ts';
import { showApiErrorOnForm, zodFormValidator, zodIssuesToFormErrors } from '../../lib/form-errors.ts';
import { isApiError } from '../../lib/api-client.ts';
import { AlreadyConfirmed } from './components/already-confirmed.tsx';
import { useConfirmMutation, useResendConfirmationMutation } from './auth.api.ts';
import { codeErrorOf } from './code-errors.ts';
import { AuthScreen } from './components/auth-screen.tsx';
import { CodeField } from './components/code-field.tsx';
import { FormAlert } from './components/form-alert.tsx';
import { KnownEmail } from './components/known-email.tsx';
import { ResendCodeButton } from './components/resend-code-button.tsx';
import { useCooldown } from './use-cooldown.ts';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';

const RESEND_COOLDOWN_S = 60;
type Notice = { kind: 'negative' | 'positive'; message: string };

/** Confirms the e-mail: by the link of the mail (`?token=`) on its own, or by the 6-digit code. */
export function OtpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const confirm = useConfirmMutation();
  const resend = useResendConfirmationMutation();
  const cooldown = useCooldown(RESEND_COOLDOWN_S);
  const codeSent = (useLocation().state as { codeSent?: boolean } | null)?.codeSent === true;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [linkTried, setLinkTried] = useState(false);
  const [alreadyConfirmed, setAlreadyConfirmed] = useState(false);
  const sentTo = searchParams.get('email');
  // An address the link gives is shown as text, its field only once the member asks to change it.
  const [emailShown, setEmailShown] = useState(
    () => !ResendConfirmationSchema.safeParse({ email: sentTo }).success,
  );
  const form = useForm({
    initialValues: { email: sentTo ?? '', code: '' },
    validate: zodFormValidator(ConfirmEmailSchema.options[0], t),
  });

  const onConfirmed = () => void navigate('/home', { replace: true });
  const onConfirmError = (error: unknown) => {
    const code = codeErrorOf(error);
    if (code) {
      form.setFieldValue('code', '');
      form.setFieldError('code', t(`errors:${code}`));
      if (code === 'code_expired') cooldown.start();
      return;
    }
    const message = showApiErrorOnForm(form, error, t);
    setNotice(message ? { kind: 'negative', message } : null);
  };

  // Coming straight from sign-up, a code was just sent: the next one may be asked for in a minute.
  const { start } = cooldown;
  useEffect(() => {
    if (codeSent) start();
  }, [codeSent, start]);

  // The link of the mail confirms once on arrival (a ref survives React's double effects in dev).
  const tokenSent = useRef(false);
  useEffect(() => {
    if (!token || tokenSent.current) return;
    tokenSent.current = true;
    confirm.mutate(
      { token },
      {
        onSuccess: onConfirmed,
        onError: (error) => {
          // The intro now says the link failed; nothing was typed, so no error under the code field.
          setLinkTried(true);
          if (isApiError(error) && error.code === 'account_already_confirmed') setAlreadyConfirmed(true);
          const refusal = codeErrorOf(error);
          if (refusal === 'code_expired') {
            cooldown.start();
            setNotice({ kind: 'negative', message: t('errors:code_expired') });
          } else if (!refusal) onConfirmError(error);
        },
      },
    );
  });

  const submit = form.onSubmit((values) => {
    // The sixth digit sends the code by itself: an Enter or a tap on the button meanwhile adds nothing.
    if (confirm.isPending) return;
    setNotice(null);
    confirm.mutate(
      { email: values.email, code: values.code },
      { onSuccess: onConfirmed, onError: onConfirmError },
    );
  }, focusFirstErrorOf);

  const askNewCode = () => {
    const parsed = ResendConfirmationSchema.safeParse({ email: form.getValues().email });
    if (!parsed.success) return form.setErrors(zodIssuesToFormErrors(parsed.error.issues, t));
    setNotice(null);
    resend.mutate(parsed.data.email, {
      onSuccess: () => {
        cooldown.start();
        form.clearFieldError('code');
        setNotice({ kind: 'positive', message: t('otp.resent') });
      },
      onError: (error) => setNotice({ kind: 'negative', message: errorText(error, t) }),
    });
  };

  if (alreadyConfirmed) return <AlreadyConfirmed email={searchParams.get('email')} />;
  if (token && !linkTried) {
    return (
      <AuthScreen title={t('otp.title')}>
        <Stack align="center" gap="md" py="xl" role="status">
          <Loader aria-hidden />
          <Text>{t('otp.confirming')}</Text>
        </Stack>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title={t('otp.title')}
      intro={
        linkTried ? t('otp.linkFailed') : sentTo ? t('otp.checkInbox', { email: sentTo }) : t('otp.enterCode')
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {notice && <FormAlert kind={notice.kind}>{notice.message}</FormAlert>}
          {emailShown || form.errors.email ? (
            <EmailField
              label={t('fields.email')}
              required
              withAsterisk={false}
              autoFocus={emailShown && Boolean(sentTo)}
              {...form.getInputProps('email')}
            />
          ) : (
            <KnownEmail email={form.values.email} onChange={() => setEmailShown(true)} />
          )}
          <CodeField
            label={t('otp.code')}
            description={t('code.validity')}
            {...form.getInputProps('code')}
            onComplete={() => submit()}
            autoFocus={Boolean(sentTo)}
          />
          <Button type="submit" fullWidth loading={confirm.isPending}>
            {t('otp.submit')}
          </Button>
          <ResendCodeButton remaining={cooldown.remaining} loading={resend.isPending} onClick={askNewCode} />
        </Stack>
      </form>
    </AuthScreen>
  );
}
