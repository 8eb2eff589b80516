import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { POST_TEXT_MAX_LENGTH, type Post, type PostVisibility } from '@motema/shared/posts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { VisibilityFields } from '../composer/post-visibility-fields.tsx';
import { useUpdatePostMutation } from '../posts.api.ts';

/** The author changes a post's text, its visibility or who may see it (a zone's post: its text). */
export function PostEditModal({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation(['posts', 'errors', 'validation']);
  const update = useUpdatePostMutation(post._id);
  const [text, setText] = useState(post.text);
  const [visibility, setVisibility] = useState<PostVisibility>(post.visibility);
  const [allowed, setAllowed] = useState(() => (post.allowed ?? []).map((member) => member._id));

  const save = () =>
    update.mutate(
      { text: text.trim(), visibility, ...(visibility === 'private' ? { allowed } : {}) },
      { onSuccess: onClose },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('edit.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Textarea
          label={t('composer.textLabel')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={POST_TEXT_MAX_LENGTH}
        />
        {/* A zone's post is public within its zone: no one to choose. */}
        {!post.zone && (
          <VisibilityFields
            visibility={visibility}
            allowed={allowed}
            onVisibility={setVisibility}
            onAllowed={setAllowed}
            known={post.allowed ?? []}
          />
        )}
        {update.isError && (
          <Stack role="alert" c="red" fz="sm">
            {errorText(update.error, t)}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button loading={update.isPending} onClick={save}>
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
