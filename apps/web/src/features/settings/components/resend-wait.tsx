import { Alert, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ONE_TIME_CODE_RESEND_INTERVAL_MS } from '@motema/shared/limits';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { useClock } from '../../../lib/use-clock.ts';

/**
 * When a new code may be asked, from a refusal to send one (429 code_resend_too_soon and its `until`);
 * null for any other failure. Without `until` (an older server), a whole resend interval from now.
 */
export function resendRefusedUntil(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'code_resend_too_soon') return null;
  const until = error.until ? Date.parse(error.until) : NaN;
  return Number.isNaN(until) ? Date.now() + ONE_TIME_CODE_RESEND_INTERVAL_MS : until;
}

/**
 * The wait before a new code may be asked, counted down each second until `until`, then nothing: a
 * short line, or (`refused`: the member asked too soon) an alert that stays on the screen.
 */
export function ResendWait({ until, refused = false }: { until: number | null; refused?: boolean }) {
  const { t } = useTranslation('settings');
  const now = useClock(1000);
  if (until === null || until <= now) return null;
  const wait = formatDuration(until - now);
  if (refused)
    return (
      <Alert color="ochre" role="alert" icon={<IconClockHour4 size={20} aria-hidden />}>
        {t('code.tooSoon', { wait })}
      </Alert>
    );
  return (
    <Text size="sm" c="dimmed" role="status">
      {t('code.resendIn', { wait })}
    </Text>
  );
}
