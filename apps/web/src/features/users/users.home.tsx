import { IconUserCircle } from '@tabler/icons-react';
import type { HomePart } from '../../lib/feature-module.ts';

export const homePart: HomePart = { tabs: [{ to: '/account', key: 'nav.account', Icon: IconUserCircle }] };
