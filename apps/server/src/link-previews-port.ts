import type { DbOrTx } from './db/client.ts';

/**
 * What a link preview (Open Graph and Twitter card tags, plugins/link-preview.ts) needs of the feature
 * owning a page a link opens: the subject as a visitor may see it. Each owner gives its page in its
 * module's `linkPreviews` (discovery `/profile/:id`, posts `/post/:id`, zones `/zone/:id`); the web app
 * plugin imports none of them. A file of its own, outside every feature, as moderation-subjects-port.ts.
 *
 * A crawler has no identity: a preview is what a visitor without cookies may see, the same for whoever
 * asks, and the owner reads it with its own visitor rules (a private subject, a member in discreet
 * mode, one deleted or inactive: undefined, and the page gets the neutral card).
 */
export type LinkPreviewSubject =
  /** A member's public profile: their first name (never the last) and age, never a place. */
  | { kind: 'member'; name: string; age: number; text: string; image: LinkPreviewImage | null }
  /** A public post: its author's first name and its text. */
  | { kind: 'post'; authorName: string; text: string; image: LinkPreviewImage | null }
  /** A public zone: its title and description. */
  | { kind: 'zone'; name: string; text: string; image: LinkPreviewImage | null };

/**
 * A small variant of a picture from the photo pipeline, at a path of the app's own routes that a
 * visitor may fetch without a cookie (the subject is public): the plugin makes it absolute.
 */
export type LinkPreviewImage = { path: string; width: number; height: number };

export type LinkPreviewSource = {
  /** The page's path, `/<segment>/:id`: one source per pattern (checked when the app is built). */
  path: `/${string}/:id`;
  /** The subject as a visitor sees it; undefined when a visitor may not (or it is gone). */
  preview: (db: DbOrTx, id: string) => Promise<LinkPreviewSubject | undefined>;
};
