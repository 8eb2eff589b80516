import { within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Test helper: the dialog's Cancel and confirm buttons share one row of two halves (the shared
 * ConfirmDialog's), rather than a right-aligned group that stacks them on a phone.
 */
export function expectOneRow(dialog: HTMLElement, cancel: string, confirm: string) {
  const cancelButton = within(dialog).getByRole('button', { name: cancel });
  const confirmButton = within(dialog).getByRole('button', { name: confirm });
  const row = cancelButton.parentElement;
  expect(row).toBe(confirmButton.parentElement);
  expect(row?.classList.contains('mantine-SimpleGrid-root')).toBe(true);
  expect([...row!.children]).toEqual([cancelButton, confirmButton]);
}
