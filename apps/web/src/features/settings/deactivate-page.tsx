import { Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PasswordConfirmSchema } from '@motema/shared/auth';
import { zodFormValidator } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notices.ts';
import { useEndSession } from '../users/users.api.ts';
import { applyServerErrors } from '../../lib/apply-server-errors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { useDeactivateMutation } from './settings.api.ts';
import { focusFirstErrorOf } from '../../lib/focus-first-error.ts';

const POINTS = ['hidden', 'kept', 'back'] as const;

/** Takes a break: the account is hidden until the member logs in again. Asks the password, then confirms. */
export function DeactivatePage() {
  const { t } = useTranslation(['settings', 'validation', 'errors']);
  const deactivate = useDeactivateMutation();
  const [confirming, confirmation] = useDisclosure(false);
  const endSession = useEndSession();
  const form = useForm({
    initialValues: { password: '' },
    validate: zodFormValidator(PasswordConfirmSchema, t),
  });

  const proceed = () =>
    deactivate.mutate(form.values.password, {
      onSuccess: () => {
        endSession('/');
        notify('positive', t('deactivate.done'));
      },
      onError: (error) => {
        confirmation.close();
        applyServerErrors(form, error, t, { wrong_password: 'password' });
      },
    });

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('deactivate.title')}
      </Title>
      <Text>{t('deactivate.intro')}</Text>
      <List
        spacing="sm"
        icon={
          <ThemeIcon size={24} radius="xl" variant="light" color="teal" aria-hidden>
            <IconCheck size={16} />
          </ThemeIcon>
        }
      >
        {POINTS.map((point) => (
          <List.Item key={point}>{t(`deactivate.points.${point}`)}</List.Item>
        ))}
      </List>
      <form onSubmit={form.onSubmit(confirmation.open, focusFirstErrorOf)} noValidate>
        <Stack gap="md">
          <PasswordField
            label={t('deactivate.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth>
            {t('deactivate.submit')}
          </Button>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        onClose={confirmation.close}
        title={t('deactivate.confirmTitle')}
        cancelLabel={t('common:actions.cancel')}
        confirmLabel={t('deactivate.confirm')}
        onConfirm={proceed}
        loading={deactivate.isPending}
      >
        <Text>{t('deactivate.confirmText')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
