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
} as const;
export type PageName = keyof typeof PAGES;
