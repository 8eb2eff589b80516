import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../../ui/password-field.tsx';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from 'libphonenumber-js';
import { getCountryCallingCode } from 'libphonenumber-js';
import { PasswordConfirmSchema } from '@motema/shared/auth';
import type { Me } from '@motema/shared/users';
import { zodFormValidator } from '../../../lib/form-errors.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import {
  countryGroups,
  defaultCountry,
  formatNational,
  formatPhone,
  isCountryCode,
  phoneFields,
  toE164,
} from '../phone-countries.ts';
import { useRequestPhoneChangeMutation, type PhoneChangeInput } from '../settings.api.ts';
import { focusFirstErrorOf } from '../../../lib/focus-first-error.ts';
import { ResendWait } from './resend-wait.tsx';

type PhoneValues = { country: CountryCode; national: string; password: string };

const PHONE_FIELDS = {
  wrong_password: 'password',
  phone_invalid: 'national',
  phone_taken: 'national',
} as const;

type Props = {
  me: Me;
  /** The number of the change under way (E.164), filled in again when the member comes back here. */
  number?: string;
  onSent: (input: PhoneChangeInput) => void;
  /** Keeps a refusal to send a code as too soon (true), said until `refusedUntil` passes. */
  refuse: (error: unknown) => boolean;
  refusedUntil: number | null;
};

/** First step of a phone change: the country, the number and the password; a code goes out by SMS. */
export function PhoneRequestForm({ me, number, onSent, refuse, refusedUntil }: Props) {
  const { t } = useTranslation(['settings', 'validation', 'errors']);
  const request = useRequestPhoneChangeMutation();
  const language = currentLanguage();
  const countries = useMemo(
    () => countryGroups(language, { africa: t('phone.africa'), world: t('phone.world') }),
    [language, t],
  );
  const validatePassword = zodFormValidator(PasswordConfirmSchema, t);
  const form = useForm<PhoneValues>({
    initialValues: {
      ...((number && phoneFields(number)) || {
        country: defaultCountry(me.phone, navigator.languages),
        national: '',
      }),
      password: '',
    },
    validate: (values) => ({
      ...validatePassword({ password: values.password }),
      ...(toE164(values.national, values.country) ? {} : { national: t('validation:phone_invalid') }),
    }),
  });
  const { country } = form.values;

  const submit = form.onSubmit((values) => {
    const number = toE164(values.national, values.country);
    if (!number) return;
    const input: PhoneChangeInput = {
      password: values.password,
      phone: number.phone,
      country: number.country,
    };
    request.mutate(input, {
      onSuccess: () => onSent(input),
      onError: (error) =>
        refuse(error) || applyServerErrors(form, error, t, PHONE_FIELDS, { phone: 'national' }),
    });
  }, focusFirstErrorOf);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">
          {me.phone ? t('phone.current', { phone: formatPhone(me.phone) }) : t('phone.none')}
        </Text>
        {/* The phone's own picker (a native select): usable by touch at any height of the page. */}
        <NativeSelect
          label={t('phone.country')}
          data={countries}
          value={country}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (!isCountryCode(value)) return;
            form.setValues({ country: value, national: formatNational(form.values.national, value) });
          }}
        />
        <TextInput
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          label={t('phone.number')}
          description={t('phone.numberHint')}
          required
          leftSection={<Text size="md">+{getCountryCallingCode(country)}</Text>}
          leftSectionWidth={64}
          {...form.getInputProps('national')}
          onChange={(event) =>
            form.setFieldValue('national', formatNational(event.currentTarget.value, country))
          }
        />
        <PasswordField
          label={t('phone.password')}
          description={t('phone.passwordHint')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <ResendWait until={refusedUntil} refused />
        <Button type="submit" loading={request.isPending} fullWidth mt="xs">
          {t('phone.submit')}
        </Button>
      </Stack>
    </form>
  );
}
