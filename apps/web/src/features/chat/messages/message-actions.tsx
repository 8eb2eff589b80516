import { ActionIcon, Menu, Text } from '@mantine/core';
import { mainLandmarkPortal } from '../../../ui/main-landmark-portal.ts';
import {
  IconArrowBackUp,
  IconCopy,
  IconDots,
  IconPencil,
  IconStar,
  IconStarOff,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, ReactionEmoji } from '@motema/shared/chat';
import { notify } from '../../../lib/notices.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ownReaction, ReactionPicker } from './reactions.tsx';
import classes from '../thread/thread.module.css';

type Props = {
  message: Message;
  meId: string;
  mine: boolean;
  otherName: string;
  opened: boolean;
  onOpenedChange: (opened: boolean) => void;
  onReply: (message: Message) => void;
  onEdit: (message: Message) => void;
  onImportant: (message: Message, important: boolean) => void;
  onHide: (message: Message) => void;
  onUnsend: (message: Message) => void;
  onReact: (message: Message, emoji: ReactionEmoji | null) => void;
};

/** A message's menu: the six reactions, reply, edit, copy, star, delete for me, unsend (asked first). */
export function MessageActions({
  message,
  meId,
  mine,
  otherName,
  opened,
  onOpenedChange,
  onReply,
  onEdit,
  onImportant,
  onHide,
  onUnsend,
  onReact,
}: Props) {
  const { t } = useTranslation('thread');
  const [confirming, setConfirming] = useState(false);
  const live = !message.unsent;
  const text = message.text;

  const copy = () => {
    if (!text) return;
    navigator.clipboard
      ?.writeText(text)
      .then(() => notify('positive', t('actions.copied'), 2000))
      .catch(() => undefined);
  };

  return (
    <>
      <Menu
        opened={opened}
        onChange={onOpenedChange}
        position={mine ? 'bottom-end' : 'bottom-start'}
        withinPortal
        portalProps={mainLandmarkPortal()}
        // Mantine's focus placeholder is a focusable element with role="presentation" inside the
        // role="menu": not a menu item (axe: aria-required-children). The dropdown takes the focus.
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <ActionIcon
            className={classes.more}
            variant="subtle"
            color="gray"
            radius="xl"
            size={32}
            aria-label={t('actions.open')}
          >
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {live && (
            <ReactionPicker
              chosen={ownReaction(message.reactions, meId)}
              onReact={(emoji) => onReact(message, emoji)}
            />
          )}
          {live && (
            <Menu.Item
              leftSection={<IconArrowBackUp size={18} aria-hidden />}
              onClick={() => onReply(message)}
            >
              {t('actions.reply')}
            </Menu.Item>
          )}
          {live && mine && text && (
            <Menu.Item leftSection={<IconPencil size={18} aria-hidden />} onClick={() => onEdit(message)}>
              {t('actions.edit')}
            </Menu.Item>
          )}
          {live && text && (
            <Menu.Item leftSection={<IconCopy size={18} aria-hidden />} onClick={copy}>
              {t('actions.copy')}
            </Menu.Item>
          )}
          {live && (
            <Menu.Item
              leftSection={
                message.important ? <IconStarOff size={18} aria-hidden /> : <IconStar size={18} aria-hidden />
              }
              onClick={() => onImportant(message, !message.important)}
            >
              {message.important ? t('actions.unstar') : t('actions.star')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconTrash size={18} aria-hidden />} onClick={() => onHide(message)}>
            {t('actions.hide')}
          </Menu.Item>
          {live && mine && (
            <Menu.Item
              c="var(--mantine-color-error)"
              leftSection={<IconTrashX size={18} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('actions.unsend')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('actions.unsendTitle')}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('actions.unsend')}
        onConfirm={() => {
          setConfirming(false);
          onUnsend(message);
        }}
      >
        <Text>{t('actions.unsendText', { name: otherName })}</Text>
      </ConfirmDialog>
    </>
  );
}
