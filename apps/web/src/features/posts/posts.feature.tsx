import type { FeatureModule } from '../../lib/feature-module.ts';
import { openTo, page } from '../../lib/feature-routes.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';

const feedPages = () => import('./feed/feed-pages.ts');

/**
 * The feed, a post (open to visitors) and the requests; home's story tray, a profile's tabs and a
 * zone's feed, lent to discovery's, users' and zones' screens (slots); the posts' events over every
 * member screen.
 */
export const postsFeature: FeatureModule = {
  name: 'posts',
  routes: () => ({
    member: [
      openTo(
        'visitor',
        page('/post/:id', () => import('./post/post-page.tsx'), 'PostPage', ['posts']),
      ),
      page('/posts', () => feedPages().then(({ PostsPage }) => ({ PostsPage })), 'PostsPage', ['posts']),
      page('/posts/requests', () => import('./requests/post-requests-page.tsx'), 'PostRequestsPage', [
        'posts',
      ]),
    ],
  }),
  slots: {
    homeStories: () =>
      Promise.all([import('./stories/story-tray.tsx'), loadNamespaces(['stories'])]).then(
        ([tray]) => tray.StoryTray,
      ),
    profileTabs: () =>
      Promise.all([import('./profile-tabs/profile-tabs.tsx'), loadNamespaces(['stories'])]).then(
        ([tabs]) => tabs.ProfileTabs,
      ),
    zoneFeed: () => Promise.all([feedPages(), loadNamespaces(['posts'])]).then(([feed]) => feed.ZoneFeed),
  },
};
