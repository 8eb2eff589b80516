import { Button, Group, Stack, TextInput } from '@mantine/core';
import { normalisePayerPhone } from '@motema/shared/billing';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { errorText, isSessionEnd, issueText } from '../../lib/error-text.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { useSetAccountMutation } from './partnership.api.ts';

type Errors = { phone?: string; password?: string; form?: string };

/**
 * The number withdrawals go to (a Congolese mobile-money number, written any usual way) and the
 * member's password: a number that receives money is changed by its owner only (S5).
 */
export function WithdrawalAccountForm({
  phone,
  onCancel,
  onSaved,
}: {
  phone: string;
  onCancel?: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['partnership', 'errors', 'validation']);
  const save = useSetAccountMutation();
  const [number, setNumber] = useState(phone);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normalisePayerPhone(number);
    const found: Errors = {
      ...(normalised ? {} : { phone: t('validation:payer_phone_invalid') }),
      ...(password ? {} : { password: t('validation:password_required') }),
    };
    setErrors(found);
    if (!normalised || !password) return;
    save.mutate(
      { phone: normalised, password },
      {
        onSuccess: () => {
          setPassword('');
          onSaved();
        },
        onError: (error) => {
          if (isSessionEnd(error)) return;
          const issue = isApiError(error) ? error.issues[0] : undefined;
          if (isApiError(error) && error.code === 'wrong_password')
            return setErrors({ password: t('errors:wrong_password') });
          if (issue?.path === 'phone') return setErrors({ phone: t('validation:payer_phone_invalid') });
          if (issue?.path === 'password') return setErrors({ password: issueText(issue, t) });
          setErrors({ form: errorText(error, t) });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('account.phone')}
          description={t('account.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={number}
          onChange={(event) => setNumber(event.currentTarget.value)}
          error={errors.phone}
        />
        <PasswordField
          label={t('account.password')}
          description={t('account.passwordHint')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password ?? errors.form}
        />
        <Group grow>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('account.cancel')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {t('account.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
