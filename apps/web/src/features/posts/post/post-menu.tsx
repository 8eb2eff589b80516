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
import { useDeletePostMutation, useZoneRemovalMutation } from '../posts.api.ts';

/**
 * A post's menu: its author edits it (text, public or private, who may see it) or deletes it (after
 * a confirmation); another member reports it, and a zone's admins and managers remove it from their
 * zone. A visitor gets no menu.
 */
export function PostMenu({ post, name, viewer }: { post: Post; name: string; viewer: string | null }) {
  const { t } = useTranslation('posts');
  const navigate = useNavigate();
  const remove = useDeletePostMutation();
  const moderate = useZoneRemovalMutation();
  const [editing, setEditing] = useState(false);
  // Which removal waits for its confirmation: the author's delete, or a zone moderator's.
  const [confirming, setConfirming] = useState<'delete' | 'remove' | null>(null);
  if (!viewer) return null;
  const mine = post.access === 'author';
  const zone = post.zone?.moderator && !mine ? post.zone._id : null;

  const done = {
    onSuccess: () => {
      notify('positive', t(`${confirming!}.done`));
      setConfirming(null);
      // From the post's own page, back to its list (its zone's, or the feed): the page would say "not available".
      if (location.pathname.startsWith('/post/'))
        void navigate(post.zone ? `/zone/${post.zone._id}` : '/posts', { replace: true });
    },
  };
  const confirm = () =>
    zone ? moderate.mutate({ zone, post: post._id }, done) : remove.mutate(post._id, done);

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
                onClick={() => setConfirming('delete')}
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
                  onClick={() => setConfirming('remove')}
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
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t(`${confirming ?? 'delete'}.title`)}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t(`${confirming ?? 'delete'}.confirm`)}
        onConfirm={confirm}
        danger
        loading={remove.isPending || moderate.isPending}
      >
        <Text size="sm">{t(`${confirming ?? 'delete'}.body`)}</Text>
      </ConfirmDialog>
    </>
  );
}
