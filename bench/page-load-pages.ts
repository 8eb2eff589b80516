/** The pages B4 (page-load.bench.ts) loads, and what "usable" waits for on each (see page-load-visit.ts). */
export const PAGES = {
  start: { path: '/', member: false, selectors: ['a[href="/register"]', 'main a[href^="/login"]'] },
  login: {
    path: '/login',
    member: false,
    selectors: [
      'input[autocomplete="username"]',
      'input[autocomplete="current-password"]',
      'form button[type="submit"]',
    ],
  },
  home: { path: '/home', member: true, selectors: ['main ul a[href^="/profile/"]'] },
  // A link shared with a visitor: a seeded public photo post with a caption (`:id`, RunningApp's
  // publicPost), usable with its text and its picture (the author's avatar is not the picture).
  post: {
    path: '/post/:id',
    member: false,
    selectors: ['article [dir="auto"]', 'article picture img'],
  },
  // A seeded member's profile as a visitor sees it (`:id`, RunningApp's publicProfile): name and photo.
  profile: {
    path: '/profile/:id',
    member: false,
    selectors: ['h1', 'img[src*="/api/media/"]'],
  },
} as const;
export type PageName = keyof typeof PAGES;
