import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isBannedIdentifier } from './banned-identifiers.repository.ts';

/**
 * Refuses (403 registration_refused, one answer for every case) an e-mail or a phone a banned member
 * had: registering with it, or making it one's own.
 */
export async function refuseBannedIdentifier(
  db: DbOrTx,
  identifier: { email?: string | undefined; phone?: string | undefined },
): Promise<void> {
  if (await isBannedIdentifier(db, identifier)) throw new AppError(403, 'registration_refused');
}
