import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { PostRequest } from '@motema/shared/posts';
import { IconArrowLeft, IconCheck, IconInbox, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { isolate, MemberText } from '../../../ui/member-text.tsx';
import { conversationTime } from '../../../lib/time-ago.ts';
import { postPath } from '../post-paths.ts';
import { useDecideRequestMutation, usePostRequestsQuery } from './post-requests.api.ts';

/** `/posts/requests`: members asking to see the member's private posts; each accepted or declined. */
export function PostRequestsPage() {
  const { t } = useTranslation('posts');
  const requests = usePostRequestsQuery();
  const all = requests.data?.pages.flatMap((page) => page.requests) ?? [];
  useDocumentTitle(t('requests.title'));

  return (
    <Container size="sm" px="md" py="md">
      <Stack gap="md">
        <Anchor
          component={Link}
          to="/posts"
          size="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconArrowLeft size={16} aria-hidden />
          {t('page.back')}
        </Anchor>
        <Title order={1} size="h2">
          {t('requests.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('requests.hint')}
        </Text>
        {requests.isPending ? (
          [0, 1, 2].map((row) => <Skeleton key={row} height={96} radius="md" />)
        ) : all.length === 0 ? (
          <Stack align="center" gap="sm" ta="center" py={40}>
            <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
              <IconInbox size={36} stroke={1.5} />
            </ThemeIcon>
            <Text c="dimmed">{t('requests.empty')}</Text>
          </Stack>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {all.map((request) => (
              <RequestRow key={`${request.post._id}:${request.requester._id}`} request={request} />
            ))}
          </Stack>
        )}
        {requests.hasNextPage && (
          <Button
            variant="subtle"
            onClick={() => void requests.fetchNextPage()}
            loading={requests.isFetchingNextPage}
          >
            {t('requests.more')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}

function RequestRow({ request }: { request: PostRequest }) {
  const { t } = useTranslation('posts');
  const decide = useDecideRequestMutation();
  const name = request.requester.firstName ?? request.requester.name;
  const answer = (decision: 'accept' | 'decline') =>
    decide.mutate({ postId: request.post._id, userId: request.requester._id, decision });
  const what = request.post.text.trim() || t(`kinds.${request.post.kind}`, { count: 1 });
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <MemberAvatar
            name={request.requester.name}
            image={request.requester.avatar}
            size={44}
            radius={44}
          />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm">{t('requests.asks', { name: isolate(name) })}</Text>
            <Anchor component={Link} to={postPath(request.post._id)} size="sm" c="dimmed" lineClamp={2}>
              <MemberText>{what}</MemberText>
            </Anchor>
            <Text size="xs" c="dimmed">
              <time dateTime={request.createdAt}>
                {conversationTime(request.createdAt, Date.now(), currentLanguage())}
              </time>
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" justify="flex-end">
          <Button
            variant="default"
            size="sm"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => answer('decline')}
            disabled={decide.isPending}
            aria-label={t('requests.declineFrom', { name: isolate(name) })}
          >
            {t('requests.decline')}
          </Button>
          <Button
            size="sm"
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => answer('accept')}
            loading={decide.isPending && decide.variables?.decision === 'accept'}
            disabled={decide.isPending}
            aria-label={t('requests.acceptFrom', { name: isolate(name) })}
          >
            {t('requests.accept')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
