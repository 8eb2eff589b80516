import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Comment, Post } from '@motema/shared/posts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isolate } from '../../../ui/member-text.tsx';
import { PostComment } from './post-comment.tsx';
import { CommentForm } from './post-comment-form.tsx';
import { useCommentsQuery, useCreateCommentMutation } from './post-comments.api.ts';

/** Top-level comments, oldest first, each with its replies under it (one level, as the server keeps them). */
function threadOf(comments: Comment[]) {
  const replies = new Map<string, Comment[]>();
  for (const comment of comments)
    if (comment.parent) replies.set(comment.parent, [...(replies.get(comment.parent) ?? []), comment]);
  return comments
    .filter((comment) => !comment.parent)
    .map((comment) => ({ comment, replies: replies.get(comment._id) ?? [] }));
}

/** A post's comments and replies, and the field to write one (members with access only). */
export function PostComments({ post, viewer }: { post: Post; viewer: string | null }) {
  const { t } = useTranslation('posts');
  const location = useLocation();
  const comments = useCommentsQuery(post._id, { enabled: !post.locked && post.status === 'ready' });
  const create = useCreateCommentMutation(post._id);
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const all = useMemo(() => comments.data?.pages.flatMap((page) => page.comments) ?? [], [comments.data]);
  const thread = useMemo(() => threadOf(all), [all]);
  // A zone's admins and managers remove any comment of its posts.
  const zone = post.zone?.moderator ? post.zone._id : undefined;

  if (post.locked || post.status !== 'ready') return null;

  const send = (text: string) =>
    create
      .mutateAsync({ text, ...(replyTo ? { parent: replyTo.parent ?? replyTo._id } : {}) })
      .then(() => setReplyTo(null));

  return (
    <Stack gap="md" component="section" aria-labelledby="comments-title">
      <Title order={2} size="h4" id="comments-title">
        {t('comments.title')}
      </Title>
      {comments.isPending ? (
        <Stack gap="sm">
          {[0, 1].map((row) => (
            <Group key={row} gap="sm" wrap="nowrap" align="flex-start">
              <Skeleton circle height={32} />
              <Skeleton height={44} radius="md" style={{ flex: 1 }} />
            </Group>
          ))}
        </Stack>
      ) : comments.isError ? (
        <Text size="sm" c="dimmed">
          {t('comments.failed')}
        </Text>
      ) : thread.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(viewer ? 'comments.empty' : 'comments.emptyVisitor')}
        </Text>
      ) : (
        <Stack gap="md">
          {thread.map(({ comment, replies }) => (
            <Stack key={comment._id} gap="sm">
              <PostComment
                comment={comment}
                postId={post._id}
                viewer={viewer}
                onReply={setReplyTo}
                zone={zone}
              />
              {replies.length > 0 && (
                <Stack gap="sm" pl={40}>
                  {replies.map((reply) => (
                    <PostComment
                      key={reply._id}
                      comment={reply}
                      postId={post._id}
                      viewer={viewer}
                      onReply={setReplyTo}
                      zone={zone}
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          ))}
          {comments.hasNextPage && (
            <Button
              variant="subtle"
              onClick={() => void comments.fetchNextPage()}
              loading={comments.isFetchingNextPage}
            >
              {t('comments.more')}
            </Button>
          )}
        </Stack>
      )}
      {viewer ? (
        // One field for a comment and a reply: choosing a comment to answer keeps what was typed.
        <CommentForm
          onSend={send}
          sending={create.isPending}
          focusFor={replyTo?._id}
          context={
            replyTo && {
              text: t('comments.replyingTo', {
                name: isolate(replyTo.author.firstName ?? replyTo.author.name),
              }),
              cancelLabel: t('comments.cancelReply'),
              onCancel: () => setReplyTo(null),
            }
          }
        />
      ) : (
        <Text size="sm">
          <Anchor component={Link} to={`/login?from=${encodeURIComponent(location.pathname)}`}>
            {t('comments.logIn')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
