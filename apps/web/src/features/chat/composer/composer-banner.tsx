import { Box, CloseButton, Text } from '@mantine/core';
import { IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@motema/shared/chat';
import { isolate, MemberText } from '../../../ui/member-text.tsx';
import classes from '../thread/thread.module.css';

function Banner({
  icon,
  title,
  text,
  closeLabel,
  onClose,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <div className={classes.banner}>
      <Box c="coral.7" style={{ display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={700} truncate>
          {title}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          <MemberText>{text}</MemberText>
        </Text>
      </Box>
      <CloseButton aria-label={closeLabel} onClick={onClose} />
    </div>
  );
}

type Props = {
  meId: string;
  editing: Message | null;
  replyTo: Message | null;
  onCancelEdit: () => void;
  onCancelReply: () => void;
};

/** Above the composer: the message being edited, else the one being answered, each with its close button. */
export function ComposerBanner({ meId, editing, replyTo, onCancelEdit, onCancelReply }: Props) {
  const { t } = useTranslation('thread');
  if (editing)
    return (
      <Banner
        icon={<IconPencil size={20} />}
        title={t('composer.editing')}
        text={editing.text ?? ''}
        closeLabel={t('composer.cancelEdit')}
        onClose={onCancelEdit}
      />
    );
  if (!replyTo) return null;
  const replyName =
    replyTo.sender._id === meId ? t('bubble.you') : isolate(replyTo.sender.firstName ?? replyTo.sender.name);
  const quoteText =
    replyTo.text ?? replyTo.files.map((file) => t(`bubble.fileTypes.${file.type}`)).join(', ');
  return (
    <Banner
      icon={<IconArrowBackUp size={20} />}
      title={t('composer.replyingTo', { name: replyName })}
      text={quoteText}
      closeLabel={t('composer.cancelReply')}
      onClose={onCancelReply}
    />
  );
}
