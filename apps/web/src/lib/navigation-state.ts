import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

const never = () => () => undefined;

/**
 * The state the navigation to this page carried (`<Link state>`), for a page the server may paint
 * (decision 0057): the server knows nothing of it (it lives in the browser's history, and a reload
 * keeps it), so while React takes a painted page over this is null, as it was on the server, and the
 * page draws with it right after. Read directly, a reloaded post opened from a profile drew "Back"
 * where the server had drawn "Posts": React threw the painted page away, and what was typed in it.
 */
export function useNavigationState(): unknown {
  const state: unknown = useLocation().state;
  return useAfterTakeover() ? state : null;
}

/**
 * False while React takes over a page painted from HTML (as the server or the build drew it), true
 * right after, and always when React draws the page itself: what the painted page could not hold waits
 * for it, so the takeover keeps the page as it is.
 */
export function useAfterTakeover(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
