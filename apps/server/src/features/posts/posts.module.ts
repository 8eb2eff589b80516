import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { postsAccountRemovalHook } from './account-removal-hook.ts';
import { MEDIA_PROCESSED_QUEUE, type MediaProcessedJob } from '../media/media-items.service.ts';
import { commentsRoutes } from './comments/comments.routes.ts';
import { feedRoutes } from './feed/feed.routes.ts';
import { likesRoutes } from './likes/likes.routes.ts';
import { handleMediaProcessed } from './media-processed.service.ts';
import { postMediaRoutes } from './post-media.routes.ts';
import { postReportTargets } from './post-reports.service.ts';
import { postsModerationSubjects } from './moderation-subjects.service.ts';
import { postsNotifications } from './posts-notifications.service.ts';
import { postsRoutes } from './posts.routes.ts';
import { subscribePostsEvents } from './posts-emitters.ts';
import { postRequestsRoutes } from './requests/post-requests.routes.ts';
import { storiesRoutes } from './stories/stories.routes.ts';
import { STORY_EXPIRY_OFFER_MS, sendStoryExpiry, workStoryExpiry } from './stories/story-expiry.service.ts';
import { zonePostsRoutes } from './zone-posts/zone-posts.routes.ts';
import { postLinkPreview } from './post-link-preview.ts';

export const postsModule: FeatureModule = {
  name: 'posts',
  routes: [
    routes(postsRoutes),
    routes(feedRoutes),
    routes(postMediaRoutes),
    routes(postRequestsRoutes),
    routes(commentsRoutes),
    routes(likesRoutes),
    // A zone's feed (its rights: the zones feature's policy).
    routes(zonePostsRoutes),
    // A story's reply counts against the member's message limit, as the chat's socket.
    routes(storiesRoutes, ({ deps, limiter }) => ({ ...deps, limiter })),
  ],
  publicRoutes: [
    // A public post, its comments and its media, which a visitor may open from a shared link (SPEC
    // section 2): a private post answers them 403 post_not_allowed, its files 404 (posts.policy.ts).
    'GET /api/posts/:id',
    'GET /api/posts/:id/comments',
    'GET /api/posts/:postId/media/:itemId/:file',
  ],
  // Permission requests and answers, comments, a post's media ready, to the members concerned.
  subscribers: ({ deps, realtime }) => subscribePostsEvents({ events: deps.events }, realtime),
  workers: async ({ deps }) => {
    // A video or audio encoded (or refused) by the media worker: the post or story carrying it follows.
    await deps.jobs.work<MediaProcessedJob>(MEDIA_PROCESSED_QUEUE, (job) => handleMediaProcessed(deps, job));
    await workStoryExpiry(deps);
  },
  periodic: [
    // Stories end after their day: a run a minute (whichever node) deletes them with their media.
    {
      name: 'sending the story expiry',
      everyMs: STORY_EXPIRY_OFFER_MS,
      run: ({ deps }) => sendStoryExpiry(deps.jobs),
    },
  ],
  provides: { reportTargets: postReportTargets },
  notifications: postsNotifications,
  // A shared link to a post: its preview card, of what a visitor may see.
  linkPreviews: [postLinkPreview],
  // Posts, comments and stories reported: their snapshot and a moderator's removal.
  moderationSubjects: postsModerationSubjects,
  // A member's deletion: the comments and likes that go with them leave others' counters true.
  accountHooks: [postsAccountRemovalHook],
};
