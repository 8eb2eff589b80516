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
  const afterTakeover = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return afterTakeover ? state : null;
}
