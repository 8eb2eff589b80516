import { whenIdle } from './when-idle.ts';

let shown: () => void = () => undefined;
const firstPage = new Promise<void>((resolve) => {
  shown = resolve;
});

/**
 * Called once by main.tsx when the router has loaded the first page and React has it on screen (or
 * is taking it over): from then on the downloads that page does not need may start.
 */
export function firstPageShown(): void {
  shown();
}

/**
 * Runs `task` when the browser is idle after the first page is shown: for what the first page does
 * not need (the service worker, the install days' count, the member screens' prefetch, the error
 * texts), so that none of it is among home's requests before it works (issue 33, decision 0056) nor
 * competes with them on a slow network.
 */
export function afterFirstPage(task: () => void): void {
  void firstPage.then(() => whenIdle(task));
}
