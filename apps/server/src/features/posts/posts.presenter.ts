import { publicNameOf } from '@motema/shared/member-name';
import type { Post, PostMember, PostPage } from '@motema/shared/posts';
import { presentAvatar } from '../media/media.presenter.ts';
import { presentMediaItem } from '../media/media-items.presenter.ts';
import type { PostMemberView } from './post-members.service.ts';
import type { PostViewPage } from './posts.service.ts';
import type { PostView } from './post-views.service.ts';

/** A member as posts show them: names and the slim avatar, never the last name (Z2). */
export function presentPostMember(member: PostMemberView): PostMember {
  return {
    _id: member.id,
    username: member.username,
    firstName: member.firstName,
    name: publicNameOf(member),
    avatar: member.avatar && presentAvatar(member.avatar),
  };
}

/** Where a post's media files are served: every request for one checks the viewer's access (Z5). */
export const postMediaBaseUrl = (postId: string, itemId: string) => `/api/posts/${postId}/media/${itemId}/`;

/**
 * A post as its viewer may see it (the privacy boundary of posts): a locked post shows who posted
 * what kind of post when, never its text or media (Z5); the allow list only to the author.
 */
export function presentPost(view: PostView): Post {
  const { post, access } = view;
  const locked = access === 'none' || access === 'requested';
  return {
    _id: post.id,
    author: presentPostMember(view.author),
    text: locked ? '' : post.text,
    kind: post.kind,
    visibility: post.visibility,
    status: post.status,
    mediaCount: post.mediaCount,
    media: locked ? [] : view.items.map((item) => presentMediaItem(item, postMediaBaseUrl(post.id, item.id))),
    access,
    locked,
    likes: post.likes,
    liked: view.liked,
    comments: view.comments,
    allowed: access === 'author' && view.allowed ? view.allowed.map(presentPostMember) : null,
    createdAt: post.createdAt.toISOString(),
    editedAt: post.editedAt?.toISOString() ?? null,
    zone: view.zone && { _id: view.zone.id, moderator: view.zone.moderator },
  };
}

export function presentPostPage(page: PostViewPage): PostPage {
  return { posts: page.posts.map(presentPost), next: page.next };
}
