import type { HomePart } from '../../lib/feature-module.ts';
import { InstallOffer } from './install/install-offer.tsx';
import { AppUpdates } from './updates/app-updates.tsx';

/**
 * A newer build (device:{id}): the blocking "update now" screen, or a quiet notice; installing the
 * app offered after engagement, never on a first visit (install-engagement.ts).
 */
export const homePart: HomePart = { hosts: [() => <AppUpdates />, InstallOffer] };
