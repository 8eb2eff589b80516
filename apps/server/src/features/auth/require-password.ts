import type { DbOrTx } from '../../db/client.ts';
import { getMe, type MeRow } from '../users/users.service.ts';
import { wrongPassword } from './account-errors.ts';
import { verifyPassword } from './passwords.ts';

/**
 * S5: the member's password asked again before a change of credentials or the account's closure;
 * 400 wrong_password with an issue on `path` otherwise. The member, as getMe reads them.
 */
export async function requirePassword(
  db: DbOrTx,
  userId: string,
  password: string,
  path: string,
): Promise<MeRow> {
  const user = await getMe(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw wrongPassword(path);
  return user;
}
