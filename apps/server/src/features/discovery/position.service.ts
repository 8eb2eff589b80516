import { CoordinatesSchema, LOCATION_UPDATE_INTERVAL_MS } from '@motema/shared/discovery';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { storePosition } from '../users/users.service.ts';
import { positionStoredAt } from './members.repository.ts';
import { snapToGrid } from './snap-to-grid.ts';

/**
 * `users:users:update:coordinates`: the browser's position, validated, snapped to the centre of its
 * grid cell (the exact position is neither stored nor logged, QUALITY Z4), and stored at most once
 * per LOCATION_UPDATE_INTERVAL_MS per member: sooner, 429 rate_limited with the seconds left.
 */
export async function updatePosition(db: DbOrTx, userId: string, payload: unknown): Promise<void> {
  const parsed = CoordinatesSchema.safeParse(payload);
  if (!parsed.success) throw badRequest('validation_failed');
  const cell = snapToGrid(parsed.data.latitude, parsed.data.longitude);
  const now = clock.now();
  if (await storePosition(db, userId, cell, now, LOCATION_UPDATE_INTERVAL_MS)) return;
  const storedAt = (await positionStoredAt(db, userId)) ?? now;
  const waitMs = storedAt.getTime() + LOCATION_UPDATE_INTERVAL_MS - now.getTime();
  throw new AppError(429, 'rate_limited', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}
