/**
 * The feed's page and a zone's feed (lent to the zones' screens), loaded together (one chunk): they
 * share the list of posts (post-list.tsx).
 */
export { PostsPage } from './posts-page.tsx';
export { ZoneFeed } from '../zone-feed/zone-feed.tsx';
