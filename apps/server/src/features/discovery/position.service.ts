import { CoordinatesSchema, LOCATION_UPDATE_INTERVAL_MS } from '@motema/shared/discovery';
import type { EventAck } from '@motema/shared/realtime';
import type { DbOrTx } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { storePosition } from './members.repository.ts';
import { snapToGrid } from './snap-to-grid.ts';

/**
 * `users:users:update:coordinates`: the browser's position, validated, snapped to the centre of its
 * grid cell (the exact position is neither stored nor logged, QUALITY Z4), and stored at most once
 * per LOCATION_UPDATE_INTERVAL_MS per member.
 */
export async function updatePosition(db: DbOrTx, userId: string, payload: unknown): Promise<EventAck> {
  const parsed = CoordinatesSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, code: 'validation_failed' };
  const cell = snapToGrid(parsed.data.latitude, parsed.data.longitude);
  const stored = await storePosition(db, userId, cell, clock.now(), LOCATION_UPDATE_INTERVAL_MS);
  return stored ? { ok: true } : { ok: false, code: 'rate_limited' };
}
