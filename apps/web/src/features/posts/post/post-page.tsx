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
import { IconArrowLeft, IconLinkOff, IconLock, IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { useNavigationState } from '../../../lib/navigation-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Logo } from '../../../ui/logo.tsx';
import { isolate } from '../../../ui/member-text.tsx';
import { useMeQuery } from '../../users/users.api.ts';
import { PostCard } from './post-card.tsx';
import { PostComments } from '../comments/post-comments.tsx';
import { isPostId } from '../post-paths.ts';
import { usePostQuery } from '../posts.api.ts';

/**
 * `/post/{id}`: one post with its comments, headed by its author's name and, for members, a link back
 * (to the profile it was opened from, else the feed), for members and, when public, visitors. A malformed
 * address says "bad format" without asking the server; a private post says to a visitor that they
 * are not allowed to view it, and shows a member without access its locked view.
 */
export function PostPage() {
  const { t } = useTranslation('posts');
  const { id = '' } = useParams();
  const me = useMeQuery().data ?? null;
  const wellFormed = isPostId(id);
  const post = usePostQuery(id, { enabled: wellFormed });
  const problem = problemOf(wellFormed, post.error);
  // Opened from a profile's tabs: the way back is to them (a path of this app only).
  const from = (useNavigationState() as { back?: unknown } | null)?.back;
  const back = typeof from === 'string' && /^\/(?!\/)/.test(from) ? from : null;

  useDocumentTitle(
    post.data
      ? t('page.documentTitle', { name: isolate(post.data.author.firstName ?? post.data.author.name) })
      : t('common:screens.post'),
  );

  return (
    <Container size="sm" px="md" py="md">
      <Stack gap="md">
        {!me && (
          // A visitor came by a shared link: where they are, and the way to the rest of Motema.
          <Anchor component={Link} to="/" aria-label={t('common:nav.start')} w="fit-content">
            <Logo />
          </Anchor>
        )}
        {me && (
          <Anchor
            component={Link}
            to={back ?? '/posts'}
            size="sm"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconArrowLeft size={16} aria-hidden />
            {back ? t('common:actions.back') : t('page.back')}
          </Anchor>
        )}
        {problem ? (
          <PostProblem problem={problem} member={me !== null} onRetry={() => void post.refetch()} />
        ) : post.data ? (
          <>
            <Title order={1} size="h3">
              {t('page.documentTitle', {
                name: isolate(post.data.author.firstName ?? post.data.author.name),
              })}
            </Title>
            <PostCard post={post.data} viewer={me?._id ?? null} variant="page" />
            {!me && <VisitorInvite />}
            <PostComments post={post.data} viewer={me?._id ?? null} />
          </>
        ) : (
          <PostSkeleton />
        )}
      </Stack>
    </Container>
  );
}

type Problem = 'badFormat' | 'notAllowed' | 'notFound' | 'failed';

/** What keeps the post from showing, if anything: the address, the server's refusal, or no answer. */
function problemOf(wellFormed: boolean, error: Error | null): Problem | null {
  if (!wellFormed) return 'badFormat';
  if (!error) return null;
  if (!isApiError(error)) return 'failed';
  if (error.code === 'post_id_invalid') return 'badFormat';
  if (error.code === 'post_not_allowed' || error.status === 403) return 'notAllowed';
  if (error.status === 404) return 'notFound';
  return 'failed';
}
const ICONS = {
  badFormat: IconLinkOff,
  notAllowed: IconLock,
  notFound: IconMoodEmpty,
  failed: IconMoodEmpty,
};

/** Why the post does not show, in the SPEC's words, and where to go from there. */
function PostProblem({
  problem,
  member,
  onRetry,
}: {
  problem: Problem;
  member: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['posts', 'errors']);
  const location = useLocation();
  const Icon = ICONS[problem];
  const message =
    problem === 'badFormat'
      ? t('errors:post_id_invalid')
      : problem === 'notAllowed'
        ? t('errors:post_not_allowed')
        : problem === 'notFound'
          ? t('errors:post_not_found')
          : t('page.failed');
  return (
    <Stack align="center" gap="sm" ta="center" py={40} role="alert">
      <ThemeIcon size={72} radius="xl" variant="light" color="coral" aria-hidden>
        <Icon size={40} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} size="h3">
        {message}
      </Title>
      <Text c="dimmed" maw={420}>
        {t(`page.${problem}Hint${problem === 'notAllowed' && !member ? 'Visitor' : ''}`)}
      </Text>
      {problem === 'failed' ? (
        <Button variant="light" onClick={onRetry}>
          {t('page.retry')}
        </Button>
      ) : member ? (
        <Button component={Link} to="/posts" variant="light">
          {t('page.toFeed')}
        </Button>
      ) : (
        <Button component={Link} to={`/login?from=${encodeURIComponent(location.pathname)}`}>
          {t('page.logIn')}
        </Button>
      )}
    </Stack>
  );
}

/** A visitor on a shared public post: what joining gives. */
function VisitorInvite() {
  const { t } = useTranslation('posts');
  const location = useLocation();
  return (
    <Card withBorder radius="md" bg="var(--mantine-color-coral-light)">
      <Stack gap="xs">
        <Text fw={600}>{t('page.visitorTitle')}</Text>
        <Group gap="xs">
          <Button component={Link} to="/register" size="sm">
            {t('page.join')}
          </Button>
          <Button
            component={Link}
            to={`/login?from=${encodeURIComponent(location.pathname)}`}
            size="sm"
            variant="default"
          >
            {t('page.logIn')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function PostSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden>
      <Stack gap="sm">
        <Group gap="sm">
          <Skeleton circle height={40} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="40%" />
            <Skeleton height={10} width="20%" />
          </Stack>
        </Group>
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
        <Skeleton height={200} radius="md" />
      </Stack>
    </Card>
  );
}
