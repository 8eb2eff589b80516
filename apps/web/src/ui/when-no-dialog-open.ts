const MODAL = '[role="dialog"][aria-modal="true"]';

/**
 * Resolves once no modal dialog is open in the page (a match's celebration, a confirmation): a piece
 * that opens a dialog of its own, unasked, waits its turn rather than land on top of another one.
 */
export function whenNoDialogOpen(root: HTMLElement = document.body): Promise<void> {
  const open = () => root.querySelector(MODAL) !== null;
  if (!open()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (open()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['role', 'aria-modal'],
    });
  });
}
