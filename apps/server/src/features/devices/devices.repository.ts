import { eq, sql } from 'drizzle-orm';
import type { DeviceInput } from '@motema/shared/devices';
import type { DbOrTx } from '../../db/client.ts';
import { deviceMembers, devices, type DeviceRow } from '../../db/schema.ts';

type DeviceInfo = Omit<DeviceInput, '_id'>;

/** The row's columns for the SPEC's device info. */
const columnsOf = (info: DeviceInfo) => ({
  platform: info.platform,
  operatingSystem: info.operatingSystem,
  manufacturer: info.manufacturer,
  model: info.model,
  osVersion: info.osVersion,
  isVirtual: info.isVirtual,
  webViewVersion: info.webViewVersion,
  appBuild: info.app.build,
  appVersion: info.app.version,
});

export async function insertDevice(db: DbOrTx, info: DeviceInfo, userId: string | null): Promise<DeviceRow> {
  const [row] = await db
    .insert(devices)
    .values({ ...columnsOf(info), userId })
    .returning();
  return row!;
}

/**
 * The device's info as it is now; its member becomes `userId` when one is given (the member now using
 * the install), and stays the last one otherwise (a visitor's call names nobody). Undefined: unknown id.
 */
export async function updateDevice(
  db: DbOrTx,
  id: string,
  info: DeviceInfo,
  userId: string | null,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .update(devices)
    .set({
      ...columnsOf(info),
      userId: userId ?? sql`${devices.userId}`,
      updatedAt: sql`now()`,
    })
    .where(eq(devices.id, id))
    .returning();
  return row;
}

/** Notes that the member used the install (once: the first time stays). */
export async function rememberDeviceMember(db: DbOrTx, deviceId: string, userId: string): Promise<void> {
  await db.insert(deviceMembers).values({ deviceId, userId }).onConflictDoNothing();
}
