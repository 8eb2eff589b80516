import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A message about the whole form (not one field), read out by screen readers when it appears. */
export function FormAlert({
  kind = 'negative',
  children,
}: {
  kind?: 'negative' | 'positive';
  children: ReactNode;
}) {
  const negative = kind === 'negative';
  return (
    <Alert
      role={negative ? 'alert' : 'status'}
      color={negative ? 'red' : 'teal'}
      variant="light"
      icon={negative ? <IconAlertCircle size={20} aria-hidden /> : <IconCircleCheck size={20} aria-hidden />}
      styles={{ message: { fontSize: 'var(--mantine-font-size-md)' } }}
    >
      {children}
    </Alert>
  );
}
