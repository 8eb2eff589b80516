import { Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** What did not load, in the screen's own words. */
  message: ReactNode;
  /** Why, when the screen says it (lib/error-text.ts's `errorText`). */
  reason?: string;
  onRetry: () => void;
  /** The retry is under way: the button spins. */
  retrying?: boolean;
  /** In a row or a tab (less room), rather than in place of a whole screen. */
  compact?: boolean;
};

/**
 * Something failed to load, with a retry: the one block every screen shows in place of what it could
 * not load (its own message, the reason when it says one, the common "Try again").
 */
export function LoadFailed({ message, reason, onRetry, retrying, compact }: Props) {
  const { t } = useTranslation('common');
  return (
    <Stack align="center" gap="xs" ta="center" py={compact ? 'sm' : 'xl'} role="alert">
      <Text c="dimmed" size={compact ? 'sm' : undefined}>
        {message}
      </Text>
      {reason && <Text size="sm">{reason}</Text>}
      <Button
        variant="light"
        size={compact ? 'compact-sm' : undefined}
        onClick={onRetry}
        loading={retrying}
        leftSection={<IconRefresh size={compact ? 16 : 18} aria-hidden />}
      >
        {t('actions.retry')}
      </Button>
    </Stack>
  );
}
