import { IconCards, IconHome } from '@tabler/icons-react';
import type { HomePart } from '../../lib/feature-module.ts';
import { MatchModal } from './match-modal.tsx';

/** Home's and the deck's tabs, and the match screen, which the member's socket opens. */
export const homePart: HomePart = {
  hosts: [MatchModal],
  tabs: [
    { to: '/home', key: 'nav.home', Icon: IconHome },
    { to: '/swap', key: 'nav.swap', Icon: IconCards },
  ],
};
