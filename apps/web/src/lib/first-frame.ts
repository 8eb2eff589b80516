/**
 * A page whose root already holds what it shows (a prerendered public page, decision 0023; home's
 * kept copy, decision 0024) must be painted before the app's code runs: running the entry takes about
 * a second on a slow phone, and the browser runs a module script that is at hand (from the service
 * worker, on a repeat visit) as soon as the document is parsed, before the first frame. main.tsx
 * imports this module first: the entry is one chunk whose modules run in import order, so this
 * top-level await holds the rest of it until a frame is drawn. A page without content, or a hidden
 * one (no frame comes), does not wait.
 */
const root = document.getElementById('root');
if (root?.hasChildNodes() && document.visibilityState === 'visible') {
  // requestAnimationFrame runs before the frame is drawn; the task after it, once it has been.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

export {};
