import { Container, Skeleton, Stack } from '@mantine/core';

/** The shape of a page while it loads: never a blank screen or a lone spinner. */
export function PageSkeleton() {
  return (
    <Container size="sm" py="lg" aria-busy="true">
      <Stack gap="md">
        <Skeleton height={32} width="60%" radius="sm" />
        <Skeleton height={16} radius="sm" />
        <Skeleton height={16} width="90%" radius="sm" />
        <Skeleton height={160} radius="md" />
        <Skeleton height={44} radius="md" />
      </Stack>
    </Container>
  );
}
