import { Alert, Text } from '@mantine/core';

/** "What you typed before is back. It is not saved yet.": at the top of a form that put its draft back. */
export function DraftBackNotice({ children }: { children: string }) {
  return (
    <Alert variant="light" color="gray" radius="md" role="status">
      <Text size="sm">{children}</Text>
    </Alert>
  );
}
