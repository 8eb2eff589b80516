import { Box, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@motema/shared/chat';
import { isApiError } from '../../../lib/api-client.ts';
import { useReportMutation } from '../../safety/safety.api.ts';
import classes from '../thread/thread.module.css';

/**
 * Above a received message the scam shield flagged (docs/scam-shield.md; the server sends `shield` to
 * the recipient only): never send money, airtime or a code to someone you have not met, and one tap
 * to report the message to moderation.
 */
export function ShieldBanner({ message }: { message: Message }) {
  const { t } = useTranslation(['thread', 'errors']);
  const report = useReportMutation();
  const reported =
    report.isSuccess || (isApiError(report.error) && report.error.code === 'report_already_open');
  return (
    <div className={classes.banner} role="note" data-testid="shield-banner">
      <Box c="coral.7" style={{ display: 'flex' }} aria-hidden>
        <IconAlertTriangle size={20} />
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={700}>
          {t('shield.banner')}
        </Text>
        {reported ? (
          <Text size="sm" c="dimmed">
            {t('shield.reported')}
          </Text>
        ) : (
          <Button
            mt={6}
            size="compact-sm"
            variant="light"
            loading={report.isPending}
            onClick={() =>
              report.mutate({
                user: message.sender._id,
                message: message._id,
                reason: 'scam_or_commercial',
                subReason: 'asks_for_money',
              })
            }
          >
            {t('shield.report')}
          </Button>
        )}
        {report.isError && !reported && (
          <Text size="sm" c="var(--mantine-color-error)">
            {t('shield.reportFailed')}
          </Text>
        )}
      </Box>
    </div>
  );
}
