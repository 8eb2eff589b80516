import { Anchor, Stack, Text } from '@mantine/core';
import { SUPPORT_EMAIL, type UserSubscription } from '@motema/shared/billing';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDate, passState } from './passes.ts';

/**
 * Asks before cancelling and says exactly what happens (decision 0026): the pass runs to its last
 * paid day, nothing is refunded, and nothing is ever charged again (nothing renews by itself).
 */
export function CancelPassDialog({
  pass,
  opened,
  now,
  pending,
  onConfirm,
  onClose,
}: {
  pass: UserSubscription | null;
  opened: boolean;
  now: number;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['billing', 'common']);
  const language = currentLanguage();
  const upcoming = pass !== null && passState(pass, now) === 'upcoming';
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title={t('cancel.title')}
      cancelLabel={t('cancel.keep')}
      confirmLabel={t('cancel.confirm')}
      onConfirm={onConfirm}
      danger
      loading={pending}
    >
      {pass && (
        <Stack gap="md">
          <Text size="sm">
            {upcoming
              ? t('cancel.textUpcoming', {
                  start: formatDate(pass.startsAt, language),
                  date: formatDate(pass.endsAt, language),
                })
              : t('cancel.text', { date: formatDate(pass.endsAt, language) })}
          </Text>
          <Text size="sm">{t('cancel.noRenewal')}</Text>
          <Text size="sm" c="dimmed">
            {t('cancel.refund')}{' '}
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
              {SUPPORT_EMAIL}
            </Anchor>
          </Text>
        </Stack>
      )}
    </ConfirmDialog>
  );
}
