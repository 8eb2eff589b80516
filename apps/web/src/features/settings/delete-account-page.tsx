import { Alert, Button, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { PasswordField } from '../../ui/password-field.tsx';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordConfirmSchema } from '@motema/shared/auth';
import { zodFormValidator } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notices.ts';
import { useEndSession } from '../users/users.api.ts';
import { applyServerErrors } from '../../lib/apply-server-errors.ts';
import { isConfirmationWord } from './confirmation-word.ts';
import { useDeleteAccountMutation } from './settings.api.ts';
import { DeleteMoneyNotice } from './delete-money-notice.tsx';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';

const LOST = ['profile', 'photos', 'messages', 'sessions'] as const;

/** Deletes the account for good, after the password and typing a confirmation word. */
export function DeleteAccountPage() {
  const { t } = useTranslation(['settings', 'validation', 'errors']);
  const remove = useDeleteAccountMutation();
  const endSession = useEndSession();
  const word = t('delete.word');
  const validatePassword = zodFormValidator(PasswordConfirmSchema, t);
  const form = useForm({
    initialValues: { password: '', word: '' },
    validate: (values) => ({
      ...validatePassword({ password: values.password }),
      ...(isConfirmationWord(values.word, word) ? {} : { word: t('delete.wordMismatch', { word }) }),
    }),
  });

  const submit = form.onSubmit(
    ({ password }) =>
      remove.mutate(password, {
        onSuccess: () => {
          endSession('/');
          notify('positive', t('delete.done'), 6000);
        },
        onError: (error) => applyServerErrors(form, error, t, { wrong_password: 'password' }),
      }),
    focusFirstErrorOf,
  );

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('delete.title')}
      </Title>
      <Alert
        variant="light"
        color="red"
        icon={<IconAlertTriangle size={20} />}
        radius="md"
        title={t('delete.warningTitle')}
      >
        <Text size="sm">{t('delete.warning')}</Text>
        <List size="sm" mt="xs" spacing={4}>
          {LOST.map((item) => (
            <List.Item key={item}>{t(`delete.lost.${item}`)}</List.Item>
          ))}
        </List>
      </Alert>
      <DeleteMoneyNotice />
      <Text>
        {t('delete.breakInstead')}{' '}
        <Text component={Link} to="/settings/access/deactivate" c="coral.7" td="underline" inherit>
          {t('delete.breakLink')}
        </Text>
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordField
            label={t('delete.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <TextInput
            label={t('delete.wordLabel', { word })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            {...form.getInputProps('word')}
          />
          <Button type="submit" color="red.9" loading={remove.isPending} fullWidth mt="xs">
            {t('delete.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
