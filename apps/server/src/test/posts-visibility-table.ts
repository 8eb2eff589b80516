import type { InjectOptions } from 'fastify';
import type { Member } from './factories.ts';
import type { Role, Scene } from './posts-matrix.ts';

/**
 * The posts visibility matrix's table (features/posts/posts-visibility-matrix.test.ts): for each route
 * of the posts feature, what each role of the cast (posts-matrix.ts) gets on a public post, a private
 * one and a post in a private zone.
 */

export type Want = Partial<Record<Role | 'others', string>>;
type Case = {
  request: (scene: Scene, me: Member | null) => InjectOptions;
  /** What a success says, when what it shows depends on the viewer. */
  detail?: (body: never, scene: Scene) => string;
  public: Want;
  private: Want;
  /** A zone's post: only those who may read the zone see it (the zone's own rule, decision 0041). */
  zone: Want;
};

const UNAUTHORIZED = '401 unauthorized';
const NOT_FOUND = '404 post_not_found';
const NOT_ALLOWED = '403 post_not_allowed';
/** A zone's post, to its zone's members only (a hidden post to everyone else). */
const IN_ZONE_ONLY = (ok: string, hidden = '404 post_not_found'): Want => ({
  author: ok,
  allowed: ok,
  others: hidden,
});
const COMMENT_NOT_FOUND = '404 comment_not_found';

const firstFile = (scene: Scene) => scene.item.image![0]!.key.split('/').at(-1)!.replace(/^/, '');
const listed = (ids: string[], id: string) => (ids.includes(id) ? 'listed' : 'absent');
type PostBody = { _id: string; locked: boolean; text: string; media: unknown[] };
const wholeOrLocked = (post: PostBody) =>
  post.locked && post.text === '' && post.media.length === 0 ? 'locked' : post.locked ? 'LEAKS' : 'whole';
const inPage = (body: { posts: PostBody[] }, scene: Scene) => {
  const post = body.posts.find((candidate) => candidate._id === scene.post.id);
  return post ? wholeOrLocked(post) : 'absent';
};

const REPORT = { reason: 'inappropriate_content', subReason: 'nudity' };

/** The table. Keys of the OpenAPI document (`{param}`); `others` stands for every role not named. */
export const MATRIX: Record<string, Case> = {
  'GET /api/posts/{id}': {
    request: (s) => ({ method: 'GET', url: `/api/posts/${s.post.id}` }),
    detail: (post: PostBody) => wholeOrLocked(post),
    public: { blocked: NOT_FOUND, others: '200 whole' },
    private: {
      requested: '200 locked',
      stranger: '200 locked',
      visitor: '403 post_not_allowed',
      blocked: NOT_FOUND,
      others: '200 whole',
    },
    zone: IN_ZONE_ONLY('200 whole'),
  },
  'PATCH /api/posts/{id}': {
    request: (s) => ({ method: 'PATCH', url: `/api/posts/${s.post.id}`, payload: { text: 'Edited' } }),
    public: { author: '200', visitor: UNAUTHORIZED, others: NOT_FOUND },
    private: { author: '200', visitor: UNAUTHORIZED, others: NOT_FOUND },
    zone: { author: '200', visitor: UNAUTHORIZED, others: NOT_FOUND },
  },
  'DELETE /api/posts/{id}': {
    request: (s) => ({ method: 'DELETE', url: `/api/posts/${s.post.id}` }),
    public: { author: '204', visitor: UNAUTHORIZED, others: NOT_FOUND },
    private: { author: '204', visitor: UNAUTHORIZED, others: NOT_FOUND },
    zone: { author: '204', visitor: UNAUTHORIZED, others: NOT_FOUND },
  },
  'GET /api/users/{id}/posts': {
    request: (s) => ({ method: 'GET', url: `/api/users/${s.post.authorId}/posts?kind=photo` }),
    detail: (body: { posts: PostBody[] }, s) => inPage(body, s),
    public: { visitor: UNAUTHORIZED, blocked: '404 user_not_found', others: '200 whole' },
    private: {
      requested: '200 locked',
      stranger: '200 locked',
      visitor: UNAUTHORIZED,
      blocked: '404 user_not_found',
      others: '200 whole',
    },
    // A zone's post is never on a profile.
    zone: { visitor: UNAUTHORIZED, blocked: '404 user_not_found', others: '200 absent' },
  },
  'GET /api/posts/{postId}/media/{itemId}/{file}': {
    request: (s) => ({ method: 'GET', url: `/api/posts/${s.post.id}/media/${s.item.id}/${firstFile(s)}` }),
    public: { blocked: '404 not_found', others: '200' },
    private: { author: '200', allowed: '200', others: '404 not_found' },
    zone: IN_ZONE_ONLY('200', '404 not_found'),
  },
  'POST /api/posts/{id}/requests': {
    request: (s) => ({ method: 'POST', url: `/api/posts/${s.post.id}/requests` }),
    public: { visitor: UNAUTHORIZED, blocked: NOT_FOUND, others: '409 post_already_allowed' },
    private: {
      requested: '409 post_already_requested',
      stranger: '201',
      visitor: UNAUTHORIZED,
      blocked: NOT_FOUND,
      others: '409 post_already_allowed',
    },
    zone: { ...IN_ZONE_ONLY('409 post_already_allowed'), visitor: UNAUTHORIZED },
  },
  'DELETE /api/posts/{id}/requests': {
    request: (s) => ({ method: 'DELETE', url: `/api/posts/${s.post.id}/requests` }),
    public: { visitor: UNAUTHORIZED, blocked: NOT_FOUND, others: '204' },
    private: { visitor: UNAUTHORIZED, blocked: NOT_FOUND, others: '204' },
    zone: { ...IN_ZONE_ONLY('204'), visitor: UNAUTHORIZED },
  },
  'GET /api/posts/requests': {
    request: () => ({ method: 'GET', url: '/api/posts/requests' }),
    detail: (body: { requests: { post: { _id: string } }[] }, s) =>
      listed(
        body.requests.map((request) => request.post._id),
        s.post.id,
      ),
    public: { visitor: UNAUTHORIZED, others: '200 absent' },
    private: { author: '200 listed', visitor: UNAUTHORIZED, others: '200 absent' },
    zone: { visitor: UNAUTHORIZED, others: '200 absent' },
  },
  'POST /api/posts/{id}/requests/{userId}': {
    request: (s) => ({
      method: 'POST',
      url: `/api/posts/${s.post.id}/requests/${s.cast.requested.user.id}`,
      payload: { decision: 'accept' },
    }),
    public: { author: '404 post_request_not_found', visitor: UNAUTHORIZED, others: NOT_FOUND },
    private: { author: '204', visitor: UNAUTHORIZED, others: NOT_FOUND },
    zone: { author: '404 post_request_not_found', visitor: UNAUTHORIZED, others: NOT_FOUND },
  },
  'GET /api/posts/{id}/comments': {
    request: (s) => ({ method: 'GET', url: `/api/posts/${s.post.id}/comments` }),
    detail: (body: { comments: { _id: string }[] }, s) =>
      listed(
        body.comments.map((comment) => comment._id),
        s.comment.id,
      ),
    public: { blocked: NOT_FOUND, others: '200 listed' },
    private: { author: '200 listed', allowed: '200 listed', blocked: NOT_FOUND, others: NOT_ALLOWED },
    zone: IN_ZONE_ONLY('200 listed'),
  },
  'POST /api/posts/{id}/comments': {
    request: (s) => ({ method: 'POST', url: `/api/posts/${s.post.id}/comments`, payload: { text: 'Nice' } }),
    public: { visitor: UNAUTHORIZED, blocked: NOT_FOUND, others: '201' },
    private: {
      author: '201',
      allowed: '201',
      visitor: UNAUTHORIZED,
      blocked: NOT_FOUND,
      others: NOT_ALLOWED,
    },
    zone: { ...IN_ZONE_ONLY('201'), visitor: UNAUTHORIZED },
  },
  'PATCH /api/comments/{id}': {
    request: (s) => ({ method: 'PATCH', url: `/api/comments/${s.comment.id}`, payload: { text: 'Edited' } }),
    public: { author: '200', visitor: UNAUTHORIZED, blocked: COMMENT_NOT_FOUND, others: '403 forbidden' },
    private: {
      author: '200',
      allowed: '403 forbidden',
      visitor: UNAUTHORIZED,
      others: COMMENT_NOT_FOUND,
    },
    zone: { author: '200', allowed: '403 forbidden', visitor: UNAUTHORIZED, others: COMMENT_NOT_FOUND },
  },
  'DELETE /api/comments/{id}': {
    request: (s) => ({ method: 'DELETE', url: `/api/comments/${s.comment.id}` }),
    public: { author: '204', visitor: UNAUTHORIZED, blocked: COMMENT_NOT_FOUND, others: '403 forbidden' },
    private: {
      author: '204',
      allowed: '403 forbidden',
      visitor: UNAUTHORIZED,
      others: COMMENT_NOT_FOUND,
    },
    zone: { author: '204', allowed: '403 forbidden', visitor: UNAUTHORIZED, others: COMMENT_NOT_FOUND },
  },
  ...Object.fromEntries(
    (['PUT', 'DELETE'] as const).flatMap((method) => [
      [
        `${method} /api/posts/{id}/like`,
        {
          request: (s: Scene) => ({ method, url: `/api/posts/${s.post.id}/like` }),
          public: { visitor: UNAUTHORIZED, blocked: NOT_FOUND, others: '200' },
          private: {
            author: '200',
            allowed: '200',
            visitor: UNAUTHORIZED,
            blocked: NOT_FOUND,
            others: NOT_ALLOWED,
          },
          zone: { ...IN_ZONE_ONLY('200'), visitor: UNAUTHORIZED },
        },
      ],
      [
        `${method} /api/comments/{id}/like`,
        {
          request: (s: Scene) => ({ method, url: `/api/comments/${s.comment.id}/like` }),
          public: { visitor: UNAUTHORIZED, blocked: COMMENT_NOT_FOUND, others: '200' },
          private: { author: '200', allowed: '200', visitor: UNAUTHORIZED, others: COMMENT_NOT_FOUND },
          zone: { ...IN_ZONE_ONLY('200', COMMENT_NOT_FOUND), visitor: UNAUTHORIZED },
        },
      ],
    ]),
  ),
  // Naming the author on a new post's allow list: refused across a block.
  'POST /api/posts': {
    request: (s) => ({
      method: 'POST',
      url: '/api/posts',
      payload: { text: 'Mine', visibility: 'private', allowed: [s.post.authorId] },
    }),
    public: { visitor: UNAUTHORIZED, blocked: '400 validation_failed', others: '201' },
    private: { visitor: UNAUTHORIZED, blocked: '400 validation_failed', others: '201' },
    zone: { visitor: UNAUTHORIZED, blocked: '400 validation_failed', others: '201' },
  },
  'GET /api/posts': {
    request: () => ({ method: 'GET', url: '/api/posts' }),
    detail: (body: { posts: PostBody[] }, s) => inPage(body, s),
    public: { visitor: UNAUTHORIZED, blocked: '200 absent', others: '200 whole' },
    // The cast is near each other and wanted: a private post is in the feed of those not allowed, locked.
    private: {
      author: '200 whole',
      allowed: '200 whole',
      visitor: UNAUTHORIZED,
      blocked: '200 absent',
      others: '200 locked',
    },
    // A zone's post is never in the feed.
    zone: { visitor: UNAUTHORIZED, others: '200 absent' },
  },
  'POST /api/reports (a post)': {
    request: (s) => ({
      method: 'POST',
      url: '/api/reports',
      payload: { ...REPORT, user: s.post.authorId, post: s.post.id },
    }),
    public: { author: '400 self_not_allowed', visitor: UNAUTHORIZED, blocked: NOT_FOUND, others: '201' },
    private: { author: '400 self_not_allowed', visitor: UNAUTHORIZED, blocked: NOT_FOUND, others: '201' },
    zone: { ...IN_ZONE_ONLY('201'), author: '400 self_not_allowed', visitor: UNAUTHORIZED },
  },
  'POST /api/reports (a comment)': {
    request: (s) => ({
      method: 'POST',
      url: '/api/reports',
      payload: { ...REPORT, user: s.post.authorId, comment: s.comment.id },
    }),
    public: {
      author: '400 self_not_allowed',
      visitor: UNAUTHORIZED,
      blocked: COMMENT_NOT_FOUND,
      others: '201',
    },
    private: {
      author: '400 self_not_allowed',
      allowed: '201',
      visitor: UNAUTHORIZED,
      others: COMMENT_NOT_FOUND,
    },
    zone: {
      ...IN_ZONE_ONLY('201', COMMENT_NOT_FOUND),
      author: '400 self_not_allowed',
      visitor: UNAUTHORIZED,
    },
  },
};
