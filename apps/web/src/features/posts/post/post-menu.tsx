import { ActionIcon, Menu, Text } from '@mantine/core';
import type { Post } from '@motema/shared/posts';
import { IconDotsVertical, IconFlag, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../lib/notices.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { PostEditModal } from './post-edit-modal.tsx';
import { reportPath } from '../post-paths.ts';
import { useDeletePostMutation } from '../posts.api.ts';

/**
 * A post's menu: its author edits it (text, public or private, who may see it) or deletes it (after
 * a confirmation); another member reports it, and a zone's admins and managers remove it from their
 * zone. A visitor gets no menu.
 */
export function PostMenu({ post, name, viewer }: { post: Post; name: string; viewer: string | null }) {
  const { t } = useTranslation('posts');
  const navigate = useNavigate();
  const mine = post.access === 'author';
  // A zone's admin or manager removes another member's post from it (the author deletes their own).
  const zone = post.zone?.moderator && !mine ? post.zone._id : null;
  const remove = useDeletePostMutation(zone);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!viewer) return null;

  const deleted = {
    onSuccess: () => {
      notify('positive', t('delete.done'));
      setConfirming(false);
      // From the post's own page, back to its list (its zone's, or the feed): the page would say "not available".
      if (location.pathname.startsWith('/post/'))
        void navigate(post.zone ? `/zone/${post.zone._id}` : '/posts', { replace: true });
    },
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={200}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('menu.label')}>
            <IconDotsVertical size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {mine ? (
            <>
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
                {t('menu.edit')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {t('menu.delete')}
              </Menu.Item>
            </>
          ) : (
            <>
              <Menu.Item
                component={Link}
                to={reportPath(post.author._id)}
                state={{ name, post: post._id }}
                leftSection={<IconFlag size={16} aria-hidden />}
              >
                {t('menu.report')}
              </Menu.Item>
              {zone && (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setConfirming(true)}
                >
                  {t('menu.remove')}
                </Menu.Item>
              )}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {mine && editing && <PostEditModal post={post} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('delete.title')}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('delete.confirm')}
        onConfirm={() => remove.mutate(post._id, deleted)}
        danger
        loading={remove.isPending}
      >
        <Text size="sm">{t('delete.body')}</Text>
      </ConfirmDialog>
    </>
  );
}
