import { IconUsersGroup } from '@tabler/icons-react';
import type { HomePart } from '../../lib/feature-module.ts';

export const homePart: HomePart = { tabs: [{ to: '/zones', key: 'nav.zones', Icon: IconUsersGroup }] };
