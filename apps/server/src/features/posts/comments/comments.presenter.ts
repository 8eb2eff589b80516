import type { Comment, CommentPage } from '@motema/shared/posts';
import { presentPostMember } from '../posts.presenter.ts';
import type { CommentView, CommentViewPage } from './comments.service.ts';

/** A comment as `viewerId` sees it: what they may do with it (edit: its author; delete: also the post's). */
export function presentComment(view: CommentView, viewerId: string | null): Comment {
  const { comment } = view;
  const own = viewerId !== null && viewerId === comment.authorId;
  return {
    _id: comment.id,
    post: { _id: comment.postId },
    parent: comment.parentId,
    author: presentPostMember(view.author),
    text: comment.text,
    likes: comment.likes,
    liked: view.liked,
    canEdit: own,
    canDelete: own || (viewerId !== null && viewerId === view.postAuthorId),
    createdAt: comment.createdAt.toISOString(),
    editedAt: comment.editedAt?.toISOString() ?? null,
  };
}

export function presentCommentPage(page: CommentViewPage, viewerId: string | null): CommentPage {
  return { comments: page.comments.map((view) => presentComment(view, viewerId)), next: page.next };
}
