import { Alert } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/**
 * When a new account may go live (GET /api/lives's `goLiveFrom`), said before the member fills the
 * form or opens the camera: the server refuses a live until then.
 */
export function GoLiveLater({ from }: { from: string }) {
  const { t } = useTranslation('lives');
  const date = formatDate(Date.parse(from), currentLanguage(), { dateStyle: 'long', timeStyle: 'short' });
  return (
    <Alert variant="light" color="gray" icon={<IconClock size={20} aria-hidden />} radius="md">
      {t('goLiveFrom', { date })}
    </Alert>
  );
}

/** The date a member may go live from, if it is still to come. */
export const goLiveLater = (from: string | null | undefined): string | null =>
  from && Date.parse(from) > Date.now() ? from : null;
