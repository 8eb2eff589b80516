import { IconNews } from '@tabler/icons-react';
import type { HomePart } from '../../lib/feature-module.ts';
import { keepOnDevice } from '../../lib/persisted-queries.ts';
import { PostsRealtime } from './posts-realtime.tsx';
import { storiesKeptQueries } from './stories/stories-kept.ts';

// Home's story tray is kept on the device from the first screen of a visit, whichever it is
// (stories/stories-kept.ts).
keepOnDevice(storiesKeptQueries);

/** Posts' events (requests, access, comments, a video ready) keep the posts' caches current. */
export const homePart: HomePart = {
  hosts: [PostsRealtime],
  tabs: [{ to: '/posts', key: 'nav.posts', Icon: IconNews }],
};
