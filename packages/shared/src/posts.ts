import { z } from 'zod';
import { AvatarSchema, ImageSchema } from './media.ts';
import { memberText } from './member-text.ts';

/**
 * Posts, comments, likes, permission requests and stories (SPEC.md sections 2, 3, 4, 6, 8; QUALITY
 * Z3, Z5, Z6, U1, B8, B9). The media they carry are uploaded first (`POST /api/media/uploads`), then
 * named by id when the post or the story is created.
 */

export const POST_TEXT_MAX_LENGTH = 2000;
export const POST_PHOTOS_MAX = 10;
/** Members a private post's author may allow, at most. */
export const POST_ALLOWED_MAX = 500;
export const COMMENT_TEXT_MAX_LENGTH = 1000;
export const POSTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 50;
export const POST_REQUESTS_PAGE_SIZE = 50;

/** Stories (Pixelfed's spirit): visible for a day, a few an hour. */
export const STORY_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const STORIES_PER_HOUR = 20;
export const STORIES_PER_DAY = 50;
/** A story's caption, at most this many characters. */
export const STORY_CAPTION_MAX_LENGTH = 200;
/** How long a photo story stays on screen in the viewer before the next one. */
export const STORY_PHOTO_SECONDS = 6;

export const MEDIA_KINDS = ['photo', 'video', 'audio'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** What an upload is for: its limits differ (a story's video is shorter). */
export const MEDIA_USES = ['post', 'story'] as const;
export type MediaUse = (typeof MEDIA_USES)[number];
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** Upload limits (U1): bytes before anything is read, duration and frame size from the container. */
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const AUDIO_MAX_BYTES = 60 * 1024 * 1024;
export const VIDEO_MAX_SECONDS: Record<MediaUse, number> = { post: 60, story: 30 };
/** A podcast: an hour at most. */
export const AUDIO_MAX_SECONDS = 60 * 60;
/** Frames larger than this many pixels (a 16000x16000 bomb) are refused before decoding. */
export const VIDEO_MAX_PIXELS = 4096 * 2304;
/**
 * What phones record, refused beyond from the probe before any encode (issue 25): the slow motion of
 * phones is 240 frames a second (saved as such by iPhones and Pixels), and 1080p at 240 weighs as
 * much as 4K at 60, the most pixels a second a phone records; H.264 or HEVC at 4K 60 is 50 to
 * 100 Mbit/s (ProRes is more, but a minute of it is gigabytes, past VIDEO_MAX_BYTES anyway).
 */
export const VIDEO_MAX_FRAMES_PER_SECOND = 240;
export const VIDEO_MAX_PIXELS_PER_SECOND = 4096 * 2304 * 60;
export const VIDEO_MAX_BITS_PER_SECOND = 200_000_000;
/** Container types accepted, found from the bytes (never the name or the declared type). */
export const VIDEO_ACCEPTED_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/3gpp'] as const;
export const AUDIO_ACCEPTED_TYPES = [
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/webm',
  'audio/wav',
  'audio/flac',
] as const;
/** Bars of the player's waveform. */
export const WAVEFORM_BARS = 64;

/** One served file of a video or an audio: the standard one, or the data saver's. */
export const MediaSourceSchema = z.object({
  url: z.string(),
  type: z.string(),
  quality: z.enum(['standard', 'saver']),
  bytes: z.int(),
  width: z.int().nullable(),
  height: z.int().nullable(),
});
export type MediaSource = z.infer<typeof MediaSourceSchema>;

/**
 * An uploaded photo, video or audio. `image` is a photo's variants or a video's poster; `sources` a
 * video's or an audio's files (empty for a photo). A video or audio is `processing` until the media
 * worker has encoded it; `failed` carries the refusal's code (`error`).
 */
export const MediaItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  status: z.enum(MEDIA_STATUSES),
  error: z.string().nullable(),
  durationMs: z.int().nullable(),
  width: z.int().nullable(),
  height: z.int().nullable(),
  image: ImageSchema.nullable(),
  sources: z.array(MediaSourceSchema),
  /** WAVEFORM_BARS values from 0 to 100 (audio only). */
  waveform: z.array(z.int()).nullable(),
  createdAt: z.string(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

/** The author of a post, a comment, a story or a request: never the last name (Z2). */
export const PostMemberSchema = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  name: z.string(),
  avatar: AvatarSchema.nullable(),
});
export type PostMember = z.infer<typeof PostMemberSchema>;

export const POST_VISIBILITIES = ['public', 'private'] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];
/** What a post carries: text only, photos, one video or one podcast. */
export const POST_KINDS = ['text', 'photo', 'video', 'audio'] as const;
export type PostKind = (typeof POST_KINDS)[number];
/**
 * The viewer's access to a post: `author`, `allowed` (a public post, or on the allow list), or for a
 * private post they may not see, `none` or `requested` (a permission request is waiting).
 */
export const POST_ACCESS = ['author', 'allowed', 'none', 'requested'] as const;
export type PostAccess = (typeof POST_ACCESS)[number];

/**
 * A post as one viewer sees it. Without access (`locked`), `text` is '' and `media` empty: the
 * viewer sees the author, the date, the kind and how many media, never the content (Z5). `allowed`
 * is the allow list, for the author of a private post only; a `status` but `ready`, to them only.
 * `zone`: its zone (null outside zones), `moderator` when the viewer may remove it and its comments.
 */
export const PostSchema = z.object({
  _id: z.string(),
  author: PostMemberSchema,
  text: z.string(),
  kind: z.enum(POST_KINDS),
  visibility: z.enum(POST_VISIBILITIES),
  status: z.enum(MEDIA_STATUSES),
  mediaCount: z.int(),
  media: z.array(MediaItemSchema),
  access: z.enum(POST_ACCESS),
  locked: z.boolean(),
  likes: z.int(),
  liked: z.boolean(),
  comments: z.int(),
  allowed: z.array(PostMemberSchema).nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  zone: z.object({ _id: z.string(), moderator: z.boolean() }).nullable(),
});
export type Post = z.infer<typeof PostSchema>;

/** A page of posts, newest first; `next` is the opaque cursor of the following page, null at the end. */
export const PostPageSchema = z.object({ posts: z.array(PostSchema), next: z.string().nullable() });
export type PostPage = z.infer<typeof PostPageSchema>;

const postText = z
  .string({ error: 'invalid_value' })
  .trim()
  .max(POST_TEXT_MAX_LENGTH, { error: 'max_length' })
  .superRefine(memberText('prose'));
/** Members named by id, as an allow list names them. */
export const MemberIdsSchema = z
  .array(z.uuid({ error: 'invalid_value' }))
  .max(POST_ALLOWED_MAX, { error: 'max_length' });

/** POST /api/posts: text and/or uploaded media (up to 10 photos, or one video, or one audio). */
export const PostCreateSchema = z
  .object({
    text: postText.optional().default(''),
    media: z
      .array(z.uuid({ error: 'invalid_value' }))
      .max(POST_PHOTOS_MAX, { error: 'post_media_over_limit' })
      .optional()
      .default([]),
    visibility: z.enum(POST_VISIBILITIES, { error: 'invalid_value' }),
    allowed: MemberIdsSchema.optional().default([]),
  })
  .refine((post) => post.text.length > 0 || post.media.length > 0, { error: 'post_empty', path: ['text'] });
export type PostCreate = z.infer<typeof PostCreateSchema>;

/** PATCH /api/posts/{id}: the author changes the text, the visibility or the allow list. */
export const PostUpdateSchema = z.object({
  text: postText.optional(),
  visibility: z.enum(POST_VISIBILITIES, { error: 'invalid_value' }).optional(),
  allowed: MemberIdsSchema.optional(),
});
export type PostUpdate = z.infer<typeof PostUpdateSchema>;

/** GET /api/posts, the feed: `cursor` from the previous page. */
export const PostFeedQuerySchema = z.object({ cursor: z.string().max(200).optional() });
export type PostFeedQuery = z.infer<typeof PostFeedQuerySchema>;

/** GET /api/users/{id}/posts (the profile's tabs): the feed's paging, and one kind of post. */
export const PostListQuerySchema = PostFeedQuerySchema.extend({
  kind: z.enum(POST_KINDS, { error: 'invalid_value' }).optional(),
});
export type PostListQuery = z.infer<typeof PostListQuerySchema>;

/** A like's answer: the new count and the viewer's own state. */
export const LikeStateSchema = z.object({ likes: z.int(), liked: z.boolean() });
export type LikeState = z.infer<typeof LikeStateSchema>;

/** A permission request to see a private post, as its author sees it. */
export const PostRequestSchema = z.object({
  post: z.object({ _id: z.string(), kind: z.enum(POST_KINDS), text: z.string() }),
  requester: PostMemberSchema,
  createdAt: z.string(),
});
export type PostRequest = z.infer<typeof PostRequestSchema>;
export const PostRequestPageSchema = z.object({
  requests: z.array(PostRequestSchema),
  next: z.string().nullable(),
  /** How many requests wait in all (the feed's link to them says it). */
  count: z.int(),
});
export type PostRequestPage = z.infer<typeof PostRequestPageSchema>;
/** POST /api/posts/{id}/requests/{userId}: the author's answer. */
export const PostRequestDecisionSchema = z.object({
  decision: z.enum(['accept', 'decline'], { error: 'invalid_value' }),
});
export type PostRequestDecision = z.infer<typeof PostRequestDecisionSchema>;

/**
 * A comment (one level of replies: `parent` is a top-level comment or null). `canEdit`: the
 * comment's author; `canDelete`: its author or the post's.
 */
export const CommentSchema = z.object({
  _id: z.string(),
  post: z.object({ _id: z.string() }),
  parent: z.string().nullable(),
  author: PostMemberSchema,
  text: z.string(),
  likes: z.int(),
  liked: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;
/** Comments oldest first, replies among them (the screen nests them under `parent`). */
export const CommentPageSchema = z.object({ comments: z.array(CommentSchema), next: z.string().nullable() });
export type CommentPage = z.infer<typeof CommentPageSchema>;

const commentText = z
  .string({ error: 'invalid_value' })
  .trim()
  .min(1, { error: 'comment_empty' })
  .max(COMMENT_TEXT_MAX_LENGTH, { error: 'max_length' })
  .superRefine(memberText('prose'));
export const CommentCreateSchema = z.object({
  text: commentText,
  parent: z.uuid({ error: 'invalid_value' }).optional(),
});
export type CommentCreate = z.infer<typeof CommentCreateSchema>;
export const CommentUpdateSchema = z.object({ text: commentText });
export type CommentUpdate = z.infer<typeof CommentUpdateSchema>;

/**
 * A story: one photo or video (30 s at most), for STORY_LIFETIME_MS. Public (every member who may
 * see its author's stories) or private: its author and the members on `allowed`, chosen among their
 * matches and the members they talk with. `allowed` is for the author only (null to others).
 */
/** Where a story's media files are served: every request for one checks the viewer's access (Z5). */
export const storyMediaBaseUrl = (storyId: string, itemId: string) =>
  `/api/stories/${storyId}/media/${itemId}/`;

export const StorySchema = z.object({
  _id: z.string(),
  author: PostMemberSchema,
  media: MediaItemSchema,
  /** A line of the author's text shown over it ('' for none). */
  caption: z.string(),
  visibility: z.enum(POST_VISIBILITIES),
  allowed: z.array(PostMemberSchema).nullable(),
  seen: z.boolean(),
  /** How many members saw it: for its author only. */
  views: z.int().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Story = z.infer<typeof StorySchema>;
/** GET /api/users/{id}/stories: a member's stories the viewer may see, oldest first (the order they play in). */
export const StoryListSchema = z.object({ stories: z.array(StorySchema) });
export type StoryList = z.infer<typeof StoryListSchema>;

/** Home's tray: the member's own stories first, then members with unseen stories, then the rest. */
export const StoryTraySchema = z.object({
  members: z.array(
    z.object({ member: PostMemberSchema, stories: z.array(StorySchema), unseen: z.boolean() }),
  ),
});
export type StoryTray = z.infer<typeof StoryTraySchema>;
export const StoryViewersSchema = z.object({
  viewers: z.array(z.object({ member: PostMemberSchema, viewedAt: z.string() })),
});
export type StoryViewers = z.infer<typeof StoryViewersSchema>;

/** Socket events of posts (to the member's own room only; never across a block). */
export type PostRequestEvent = { post: { _id: string }; requester: PostMember };
export type PostAccessEvent = { post: { _id: string }; access: 'allowed' | 'none' };
export type PostCommentEvent = { post: { _id: string }; comment: Comment };
export type PostReadyEvent = { post: { _id: string }; status: MediaStatus };
