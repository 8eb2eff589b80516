import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a thread's list says when it has nothing to show. */
export function ThreadEmptyState({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color="coral" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text c="dimmed" maw={360}>
        {text}
      </Text>
    </Stack>
  );
}
