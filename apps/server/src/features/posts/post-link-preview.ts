import { publicNameOf } from '@motema/shared/member-name';
import type { LinkPreviewSource } from '../../link-previews-port.ts';
import { previewImageAt, variantFileName } from '../media/media.presenter.ts';
import { visitorPost } from './post-access.service.ts';
import { postMediaBaseUrl } from './posts.presenter.ts';

/**
 * A shared link to a post (link-previews-port.ts): what GET /api/posts/{id} shows a visitor, cut down
 * to its author's public name, its text and its first picture (a photo, or a video's poster) at the
 * route that serves it to visitors. The neutral card for a post a visitor may not see, and for one
 * whose author is in discreet mode.
 */
export const postLinkPreview: LinkPreviewSource = {
  path: '/post/:id',
  preview: async (db, postId) => {
    const view = await visitorPost(db, postId);
    if (!view) return undefined;
    const pictured = view.items.find((item) => item.image?.length);
    const image =
      pictured?.image &&
      previewImageAt(
        pictured.image,
        (variant) => `${postMediaBaseUrl(view.post.id, pictured.id)}${variantFileName(variant)}`,
      );
    return {
      kind: 'post',
      authorName: publicNameOf(view.author),
      text: view.post.text,
      image: image ?? null,
    };
  },
};
