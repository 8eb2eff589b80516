import { Alert, Button, Stack } from '@mantine/core';
import type { Notice } from '@motema/shared/moderation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deviceRecord } from '../../lib/device-record.ts';
import { useNoticesQuery } from './appeals.api.ts';
import { NoticeFacts } from './notice-facts.tsx';

/** The notices that show as a banner: a warning or a restriction (a suspension or a ban signs the member out). */
const BANNER_ACTIONS: readonly Notice['action'][] = [
  'warn',
  'restrict',
  'require_verification',
  'remove_content',
];

/** The notices this device was told to stop showing, by id (dismissing one keeps it in the appeal link's page). */
const dismissedRecord = deviceRecord('motema.moderation.dismissed', (stored) =>
  Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : null,
);

/**
 * Above home's lists (the `homeNotices` slot): the member's warnings and restrictions not dismissed
 * on this device, each with what was decided and why, and "Appeal" while an appeal may be made.
 */
export function NoticesBanner() {
  const { t } = useTranslation('appeals');
  const notices = useNoticesQuery().data?.notices ?? [];
  const [dismissed, setDismissed] = useState<string[]>(() => dismissedRecord.read() ?? []);
  const shown = notices.filter(
    (notice) => BANNER_ACTIONS.includes(notice.action) && !dismissed.includes(notice._id),
  );
  if (shown.length === 0) return null;
  const dismiss = (id: string) => {
    const next = [...dismissed, id];
    dismissedRecord.keep(next);
    setDismissed(next);
  };
  return (
    <Stack gap="sm">
      {shown.map((notice) => (
        <Alert
          key={notice._id}
          color="ochre"
          variant="light"
          withCloseButton
          closeButtonLabel={t('notice.dismiss')}
          onClose={() => dismiss(notice._id)}
        >
          <NoticeFacts notice={notice} />
          {notice.appealPath && (
            <Button component={Link} to={notice.appealPath} size="compact-sm" variant="light" mt="xs">
              {t('notice.appeal')}
            </Button>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
