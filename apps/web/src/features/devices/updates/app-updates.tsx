import { DeviceUpdateSchema, type DeviceUpdate } from '@motema/shared/devices';
import { useState } from 'react';
import { deviceIdentity } from '../../../lib/device-identity.ts';
import { appWorker } from '../../../lib/platform/app-worker.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { UpdateNotice } from './update-notice.tsx';
import { UpdateRequiredScreen } from './update-required-screen.tsx';

type Props = {
  /** Loads the new version (the new service worker, or `url` from the network); tests pass a spy. */
  apply?: (url: string) => Promise<void>;
};

/**
 * App updates (SPEC section 7): the server tells this install, on `device:{id}` at each connection,
 * that a newer build exists. Required (this build may no longer run): a blocking screen whose one way
 * on is "update now". Optional: a quiet notice whose button reloads into the new version; closed, it
 * stays closed until the next connection tells it again. Mounted in the home layout, under the socket.
 */
export function AppUpdates({ apply = appWorker.reloadIntoNewVersion }: Props) {
  const device = deviceIdentity()?.id;
  const [update, setUpdate] = useState<DeviceUpdate | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [updating, setUpdating] = useState(false);

  useSocketEvent(device ? `device:${device}` : null, (payload) => {
    const parsed = DeviceUpdateSchema.safeParse(payload);
    if (!parsed.success) return;
    setUpdate(parsed.data);
    setDismissed(false);
  });

  if (!update) return null;
  const run = () => {
    setUpdating(true);
    // A page that could not reload (the call failed) lets the member try again.
    apply(update.url).catch(() => setUpdating(false));
  };
  if (update.required)
    return <UpdateRequiredScreen version={update.version} updating={updating} onUpdate={run} />;
  if (dismissed) return null;
  return (
    <UpdateNotice
      version={update.version}
      updating={updating}
      onReload={run}
      onClose={() => setDismissed(true)}
    />
  );
}
