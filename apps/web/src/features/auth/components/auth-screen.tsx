import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthScreenProps = { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode };

/** The frame of the sign-up and sign-in screens: one narrow column, title first, thumb-friendly. */
export function AuthScreen({ title, intro, children, footer }: AuthScreenProps) {
  return (
    <Container size={440} px="md" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {intro && <Text c="dimmed">{intro}</Text>}
        </Stack>
        {children}
        {footer && (
          <Stack gap={6} align="center" ta="center">
            {footer}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
