import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectOneRow } from '../test/dialog-row.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { theme } from './theme.ts';

function renderDialog(props: { danger?: boolean; loading?: boolean } = {}) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <ConfirmDialog
        opened
        onClose={onClose}
        title="Delete this post?"
        cancelLabel="Cancel"
        confirmLabel="Delete"
        onConfirm={onConfirm}
        {...props}
      >
        <p>It will be removed for everyone.</p>
      </ConfirmDialog>
    </MantineProvider>,
  );
  return { onClose, onConfirm, dialog: screen.getByRole('dialog', { name: 'Delete this post?' }) };
}

describe('ConfirmDialog', () => {
  it('says what the action does, then Cancel and the action side by side on one row', () => {
    const { dialog } = renderDialog();
    expect(dialog.textContent).toContain('It will be removed for everyone.');
    expectOneRow(dialog, 'Cancel', 'Delete');
  });

  it('calls onClose for Cancel and onConfirm for the action, each once', async () => {
    const user = userEvent.setup();
    const { onClose, onConfirm } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('paints a destructive action red', () => {
    renderDialog({ danger: true });
    expect(screen.getByRole('button', { name: 'Delete' }).style.getPropertyValue('--button-bg')).toContain(
      'red',
    );
  });

  it('keeps a plain action in the primary colour', () => {
    renderDialog();
    expect(
      screen.getByRole('button', { name: 'Delete' }).style.getPropertyValue('--button-bg'),
    ).not.toContain('red');
  });

  it('while the action runs: the confirm spins, Cancel, Escape and the close button wait', async () => {
    const user = userEvent.setup();
    const { onClose, onConfirm, dialog } = renderDialog({ loading: true });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm.getAttribute('data-loading')).toBe('true');
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    await user.click(confirm);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
