import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../lib/when-idle.ts';

/**
 * A component whose code is downloaded once the page has rendered and the browser is idle, not on
 * the start page's critical path (bar B5): for parts no one needs in the first seconds (the notices'
 * container, the navigation progress bar). Renders nothing until then; a failed download (the
 * network dropped in between) leaves the part out rather than the app broken.
 */
export function idleLazy<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Lazy = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: (() => null) as ComponentType<Props> }),
    ),
  );
  return function IdleLazy(props: Props) {
    const [ready, setReady] = useState(false);
    useEffect(() => whenIdle(() => setReady(true)), []);
    return ready ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : null;
  };
}
