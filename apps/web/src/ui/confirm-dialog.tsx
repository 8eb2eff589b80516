import { Button, Modal, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './confirm-dialog.module.css';

type Props = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the action does, said before the buttons. */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** A destructive action: the confirm button in red. */
  danger?: boolean;
  /** The action is under way: the confirm button spins; Cancel, Escape and the close button wait. */
  loading?: boolean;
};

/**
 * A question before an action: the text, then Cancel and the action side by side on one row, each
 * half of it, even on a 360 px phone (a long label wraps inside its button rather than pushing the
 * other one to a row of its own). Every two-button question of the app is this dialog.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  cancelLabel,
  confirmLabel,
  onConfirm,
  danger = false,
  loading = false,
}: Props) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={() => !loading && onClose()}
      title={title}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {children}
      <SimpleGrid cols={2} spacing="sm" mt="lg">
        <Button variant="default" classNames={classes} onClick={onClose} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button
          classNames={classes}
          color={danger ? 'red.9' : undefined}
          onClick={onConfirm}
          loading={loading}
        >
          {confirmLabel}
        </Button>
      </SimpleGrid>
    </Modal>
  );
}
