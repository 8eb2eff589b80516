import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * Something the member cannot see (gone, never theirs, a block between them): its icon, what
 * happened, a hint, and the way on (`children`). One layout for every screen that says so; the
 * heading's level is the page's (1 where it is the page's only heading).
 */
export function Unavailable({
  icon: Shown,
  title,
  text,
  level = 1,
  children,
}: {
  icon: Icon;
  title: string;
  text: string;
  level?: 1 | 2;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" gap="sm" ta="center" py={48} px="md">
      <ThemeIcon size={72} radius="xl" variant="light" color="coral" aria-hidden>
        <Shown size={40} stroke={1.5} />
      </ThemeIcon>
      <Title order={level} size={level === 1 ? 'h2' : 'h3'}>
        {title}
      </Title>
      <Text c="dimmed" maw={420}>
        {text}
      </Text>
      {children}
    </Stack>
  );
}
