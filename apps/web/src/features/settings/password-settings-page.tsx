import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { PasswordField } from '../../ui/password-field.tsx';
import { useForm } from '@mantine/form';
import { IconDevices } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PasswordChangeSchema } from '@motema/shared/auth';
import { zodFormValidator } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notices.ts';
import { applyServerErrors } from '../../lib/apply-server-errors.ts';
import { useChangePasswordMutation, type PasswordChangeInput } from './settings.api.ts';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';

const EMPTY: PasswordChangeInput = { currentPassword: '', password: '', confirmation: '' };

/** A new password, after the current one; the member's other devices are logged out. */
export function PasswordSettingsPage() {
  const { t } = useTranslation(['settings', 'validation', 'errors']);
  const change = useChangePasswordMutation();
  const form = useForm<PasswordChangeInput>({
    initialValues: EMPTY,
    validate: zodFormValidator(PasswordChangeSchema, t),
  });

  const submit = form.onSubmit(
    (values) =>
      change.mutate(values, {
        onSuccess: () => {
          form.reset();
          notify('positive', t('password.saved'));
        },
        onError: (error) => applyServerErrors(form, error, t, { wrong_password: 'currentPassword' }),
      }),
    focusFirstErrorOf,
  );

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('password.title')}
      </Title>
      <Alert variant="light" color="gray" icon={<IconDevices size={20} />} radius="md">
        <Text size="sm">{t('password.otherDevices')}</Text>
      </Alert>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordField
            label={t('password.new')}
            description={t('password.newHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('password.confirmation')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmation')}
          />
          <Button type="submit" loading={change.isPending} fullWidth mt="xs">
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
