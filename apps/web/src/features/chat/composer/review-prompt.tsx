import { Box, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../thread/thread.module.css';
import type { ThreadItem } from '../thread/thread-types.ts';

/** The server's answer to a first message with a phone number or money in it (docs/scam-shield.md). */
export const REVIEW_BEFORE_SEND = 'review_before_send';

/** The latest of the member's messages the server asked them to review, if any. */
export function messageToReview(items: readonly ThreadItem[]) {
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const item = items[i]!;
    if (item.kind === 'pending' && item.entry.error === REVIEW_BEFORE_SEND) return item.entry;
  }
  return null;
}

type Props = { onEdit: () => void; onSendAnyway: () => void };

/**
 * Above the composer, "Review before you send": the member's first message to someone who has not
 * answered shares a phone number or talks about money. Edit puts it back in the field; Send anyway
 * sends it as it is.
 */
export function ReviewPrompt({ onEdit, onSendAnyway }: Props) {
  const { t } = useTranslation('thread');
  return (
    <div className={classes.banner} role="alert">
      <Box c="coral.7" style={{ display: 'flex' }} aria-hidden>
        <IconAlertTriangle size={20} />
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={700}>
          {t('review.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('review.text')}
        </Text>
        <Group gap="xs" mt={6}>
          <Button size="compact-sm" variant="default" onClick={onEdit}>
            {t('review.edit')}
          </Button>
          <Button size="compact-sm" onClick={onSendAnyway}>
            {t('review.sendAnyway')}
          </Button>
        </Group>
      </Box>
    </div>
  );
}
