import type { VisitorInput } from '@motema/shared/devices';
import type { AppDeps } from '../../deps.ts';
import type { VisitorRow } from '../../db/schema.ts';
import { insertVisitor } from './visitors.repository.ts';

/**
 * Where a visitor came from, and no more: the referrer's origin (`https://news.example`), never its
 * path or query, which may name a person, a search or a token. Anything but an http(s) address (an
 * app's `android-app://` referrer, a malformed string) tells nothing we keep: null.
 */
export function referrerOrigin(referrer: string | null): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
}

/**
 * Records a visit of someone not connected (SPEC section 3): their language, platform and the
 * referrer's origin. Nothing that could name them is kept: no IP address (the route's rate limit counts
 * addresses in memory or Redis for its window only), no user agent, no member.
 */
export async function recordVisit({ db }: Pick<AppDeps, 'db'>, input: VisitorInput): Promise<VisitorRow> {
  return insertVisitor(db, { ...input, referrer: referrerOrigin(input.referrer) });
}
