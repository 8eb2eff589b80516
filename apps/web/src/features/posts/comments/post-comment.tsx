import { ActionIcon, Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import type { Comment } from '@motema/shared/posts';
import { IconDots, IconFlag, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { isolate, MemberText } from '../../../ui/member-text.tsx';
import { conversationTime } from '../../../lib/time-ago.ts';
import { CommentForm } from './post-comment-form.tsx';
import { LikeButton } from '../post/post-like-button.tsx';
import { reportPath } from '../post-paths.ts';
import {
  useCommentLikeMutation,
  useDeleteCommentMutation,
  useUpdateCommentMutation,
} from './post-comments.api.ts';

type Props = {
  comment: Comment;
  postId: string;
  viewer: string | null;
  onReply: (comment: Comment) => void;
  /** The zone whose admin or manager the viewer is: they may remove the comment from it. */
  zone?: string;
};

/** One comment: its author, text and time, a like, reply, and edit/delete/report as the member may. */
export function PostComment({ comment, postId, viewer, onReply, zone }: Props) {
  const { t } = useTranslation('posts');
  const like = useCommentLikeMutation(postId, comment._id);
  const update = useUpdateCommentMutation(postId);
  // Its author (or the post's) deletes it; else a zone's admin or manager removes it.
  const remove = useDeleteCommentMutation(postId, comment.canDelete ? undefined : zone);
  const removable = comment.canDelete || zone !== undefined;
  const removeLabel = t(comment.canDelete ? 'comments.delete' : 'comments.remove');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = comment.author.firstName ?? comment.author.name;
  const mine = comment.author._id === viewer;

  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-comment={comment._id}>
      <MemberAvatar name={comment.author.name} image={comment.author.avatar} size={32} radius={32} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Anchor
            component={Link}
            to={`/profile/${encodeURIComponent(comment.author._id)}`}
            size="sm"
            fw={600}
            c="var(--mantine-color-text)"
            truncate="end"
          >
            <MemberText>{comment.author.name}</MemberText>
          </Anchor>
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            <time dateTime={comment.createdAt}>
              {conversationTime(comment.createdAt, Date.now(), currentLanguage())}
            </time>
            {comment.editedAt ? ` · ${t('card.edited')}` : ''}
          </Text>
        </Group>
        {editing ? (
          <CommentForm
            initial={comment.text}
            label={t('comments.editLabel')}
            focusFor={comment._id}
            sending={update.isPending}
            onSend={(text) => update.mutateAsync({ id: comment._id, text }).then(() => setEditing(false))}
            context={{
              text: t('comments.editing'),
              cancelLabel: t('comments.cancelEdit'),
              onCancel: () => setEditing(false),
            }}
          />
        ) : (
          <Text
            size="sm"
            component="div"
            dir="auto"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {comment.text}
          </Text>
        )}
        <Group gap={4}>
          <LikeButton
            size="xs"
            liked={comment.liked}
            likes={comment.likes}
            onToggle={(on) => like.mutate(on)}
            disabled={!viewer}
          />
          {viewer && (
            <Button variant="subtle" color="gray" size="compact-sm" onClick={() => onReply(comment)}>
              {t('comments.reply')}
            </Button>
          )}
          {viewer && (comment.canEdit || removable || !mine) && (
            // The menu gives the focus back to its button 10 ms after it closes if the focus is where it
            // was at the close: "Edit" puts it in the field in that same commit, which it would take
            // away (a phone's keyboard closing again). Once the edit ends, it goes back to the button.
            <Menu position="bottom-end" shadow="md" width={180} returnFocus={!editing}>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="md"
                  radius="xl"
                  aria-label={t('comments.menu', { name: isolate(name) })}
                >
                  <IconDots size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {comment.canEdit && (
                  <Menu.Item
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => setEditing(true)}
                  >
                    {t('comments.edit')}
                  </Menu.Item>
                )}
                {removable && (
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setConfirming(true)}
                  >
                    {removeLabel}
                  </Menu.Item>
                )}
                {!mine && (
                  <Menu.Item
                    component={Link}
                    to={reportPath(comment.author._id)}
                    state={{ name, comment: comment._id }}
                    leftSection={<IconFlag size={16} aria-hidden />}
                  >
                    {t('comments.report')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('comments.deleteTitle')}
        cancelLabel={t('actions.cancel')}
        confirmLabel={removeLabel}
        onConfirm={() => remove.mutate(comment._id, { onSuccess: () => setConfirming(false) })}
        danger
        loading={remove.isPending}
      >
        <Text size="sm">{t('comments.deleteBody')}</Text>
      </ConfirmDialog>
    </Group>
  );
}
