import type { ComponentType } from 'react';

/**
 * A zone's feed, as the zone's screens take it: the posts feature's component, lent through a slot
 * and handed over by the route (lib/feature-module.ts), so that zones does not depend on posts
 * (which depends on zones for a zone's rights, decision 0015).
 */
export type ZoneFeedProps = {
  zoneId: string;
  /** The viewer may post in the zone (its admins, managers and members): the composer shows. */
  canPost: boolean;
  /** One member's posts in the zone, rather than all of its posts. */
  memberId?: string;
};

export type ZoneFeedSlot = ComponentType<ZoneFeedProps>;
