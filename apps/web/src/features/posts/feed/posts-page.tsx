import { Button, Card, Container, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconInbox, IconMoodSmile, IconPencilPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { SharePositionPrompt } from '../../discovery/near-section.tsx';
import { useMeQuery } from '../../users/users.api.ts';
import { PostComposer, type ComposerStart } from '../composer/post-composer.tsx';
import { usePostRequestsQuery } from '../requests/post-requests.api.ts';
import { useFeedQuery } from '../posts.api.ts';
import { PostList } from './post-list.tsx';

const STARTS: ComposerStart[] = ['any', 'photo', 'video', 'audio'];

/**
 * `/posts`: the feed, newest first, the next page asked for as its end comes near; an entry to write
 * a post (`?write=video` opens the composer on a kind, as the profile's "add a video" does) and to
 * the requests waiting for the member's answer, with how many wait.
 */
export function PostsPage() {
  const { t } = useTranslation('posts');
  const me = useMeQuery().data;
  const feed = useFeedQuery();
  const waiting = usePostRequestsQuery({ silent: true }).data?.pages[0]?.count ?? 0;
  const [search, setSearch] = useSearchParams();
  const write = search.get('write');
  const [composing, setComposing] = useState<ComposerStart | null>(
    STARTS.includes(write as ComposerStart) ? (write as ComposerStart) : null,
  );
  const positionShared = me?.locationShared ?? true;
  useDocumentTitle(t('feed.title'));

  // The near members' posts come with a shared position: the feed again once it is.
  const [sharedBefore, setSharedBefore] = useState(positionShared);
  if (sharedBefore !== positionShared) {
    setSharedBefore(positionShared);
    if (positionShared) void feed.refetch();
  }

  const close = () => {
    setComposing(null);
    if (write) setSearch({}, { replace: true });
  };

  return (
    <Container size="sm" px="md" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h3" style={{ minWidth: 0 }}>
            {t('feed.title')}
          </Title>
          <Button
            component={Link}
            to="/posts/requests"
            variant="subtle"
            size="compact-md"
            style={{ flex: 'none' }}
            leftSection={<IconInbox size={18} aria-hidden />}
          >
            {t('requests.entry')}
            {waiting > 0 && ` (${waiting})`}
          </Button>
        </Group>

        <Card withBorder radius="md" padding="sm">
          <UnstyledButton onClick={() => setComposing('any')}>
            <Group gap="sm" wrap="nowrap">
              {me && <MemberAvatar name={me.name} image={me.avatar} size={40} radius={40} />}
              <Text c="dimmed" style={{ flex: 1 }}>
                {t('feed.prompt')}
              </Text>
              <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
                <IconPencilPlus size={20} />
              </ThemeIcon>
            </Group>
          </UnstyledButton>
        </Card>

        <PostList
          query={feed}
          label={t('feed.title')}
          empty={
            <Stack align="center" gap="sm" ta="center" py={40}>
              <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
                <IconMoodSmile size={40} stroke={1.5} />
              </ThemeIcon>
              <Title order={2} size="h3">
                {t('feed.emptyTitle')}
              </Title>
              <Text c="dimmed" maw={420}>
                {t(positionShared ? 'feed.emptyHint' : 'feed.emptyNoPosition')}
              </Text>
              <SharePositionPrompt />
              <Button variant={positionShared ? 'filled' : 'light'} onClick={() => setComposing('any')}>
                {t('feed.write')}
              </Button>
            </Stack>
          }
        />
      </Stack>
      <PostComposer opened={composing !== null} onClose={close} start={composing ?? 'any'} />
    </Container>
  );
}
