/**
 * The portal props of a menu opened in a member page: its dropdown goes into the page's `<main>`
 * rather than at the end of `<body>`, so that its items sit inside the page's landmarks (axe:
 * region) while still drawn over the page. Read when the menu renders, inside that `<main>`; where
 * there is none, Mantine's shared node at the end of `<body>` as before.
 */
export function mainLandmarkPortal(): { target?: HTMLElement } {
  const main = typeof document === 'undefined' ? null : document.querySelector('main');
  return main ? { target: main } : {};
}
