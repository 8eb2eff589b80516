import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { VIDEO_MAX_SECONDS, type PostVisibility } from '@motema/shared/posts';
import type { Live } from '@motema/shared/lives';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/notices.ts';
import { useKeepLiveMutation } from '../lives.api.ts';

/**
 * After the broadcaster's live ended: keep it as a post (public or private, through the posts' rules),
 * or let it go. Nothing is kept unless they choose to. A video live longer than a post's video is
 * kept as its sound (a podcast: the server's keptRenditionFor), which the offer says.
 */
export function KeepOffer({ live }: { live: Pick<Live, '_id' | 'audioOnly' | 'startedAt'> }) {
  const liveId = live._id;
  const asSound = !live.audioOnly && Date.now() - Date.parse(live.startedAt) > VIDEO_MAX_SECONDS.post * 1000;
  const { t } = useTranslation(['lives', 'errors']);
  const navigate = useNavigate();
  const keep = useKeepLiveMutation(liveId);
  const [visibility, setVisibility] = useState<PostVisibility>('public');
  const [discarded, setDiscarded] = useState(false);
  if (discarded) return <Text c="dimmed">{t('keep.discarded')}</Text>;
  return (
    <Stack gap="sm" w="100%" ta="left">
      <Text fw={600}>{t('keep.question')}</Text>
      {asSound && <Text size="sm">{t('keep.asSound')}</Text>}
      <Radio.Group
        label={t('keep.visibility')}
        value={visibility}
        onChange={(value) => setVisibility(value as PostVisibility)}
      >
        <Group gap="md" mt="xs">
          <Radio value="public" label={t('keep.public')} />
          <Radio value="private" label={t('keep.private')} />
        </Group>
      </Radio.Group>
      {keep.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(keep.error, t)}
        </Text>
      )}
      <Group grow>
        <Button variant="default" onClick={() => setDiscarded(true)} disabled={keep.isPending}>
          {t('keep.discard')}
        </Button>
        <Button
          loading={keep.isPending}
          onClick={() =>
            keep.mutate(
              { text: '', visibility },
              {
                onSuccess: () => {
                  notify('positive', t('keep.kept'), 6000);
                  // The ended live's offer is done: the posts take its place in the history.
                  void navigate('/posts', { replace: true });
                },
              },
            )
          }
        >
          {t('keep.keep')}
        </Button>
      </Group>
    </Stack>
  );
}
