import { and, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type UserRow } from '../../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertProfiles, KINSHASA, moved, type Position } from '../../../test/discovery-factories.ts';
import { birthDate } from '../../../test/factories.ts';
import { wantedBy } from '../../discovery/discovery.policy.ts';
import { loadViewer } from '../../discovery/user-lists.service.ts';
import { paywallReasonSql } from './paywall.policy.ts';

type Sex = 'male' | 'female' | 'non_binary';

const cell = (position: Position | null) => ({
  latitude: position?.latitude ?? null,
  longitude: position?.longitude ?? null,
});

/**
 * Discovery's preference rule (who may be shown to whom: the sexes wanted, the age range, the
 * distance) has two encodings: the lists' `wantedBy` and the SQL text the chat paywall embeds in its
 * send statements (decision 0027). The paywall refuses `UserPreferences` exactly where the
 * recipient's lists would not show the sender: on every case of sexes wanted (none named included),
 * ages at the range's edges (a birthday today) and positions near, far and not shared.
 */
describe("the paywall's preference rule is discovery's", () => {
  let t: TestApp;
  let senders: UserRow[];
  let recipients: UserRow[];

  beforeAll(async () => {
    t = await buildTestApp();
    const sexes: Sex[] = ['male', 'female', 'non_binary'];
    // Ages against the range 25 to 35: a birthday today on each edge, and a day short of the next.
    const births = [birthDate(25), birthDate(25, 1), birthDate(35, -10), birthDate(36), birthDate(36, 1)];
    const places = [moved(KINSHASA, 5), moved(KINSHASA, 50), null];
    const senderColumns = sexes.flatMap((sex) =>
      births.flatMap((dateOfBirth) => places.map((place) => ({ sex, dateOfBirth, ...cell(place) }))),
    );
    senders = await insertProfiles(t, senderColumns.length, {}, (i) => senderColumns[i]!);
    const wants: Sex[][] = [[], ['male'], ['female'], ['non_binary'], ['male', 'female'], sexes];
    const ranges = [
      { matchAgeMin: 18, matchAgeMax: 120 },
      { matchAgeMin: 25, matchAgeMax: 35 },
    ];
    const recipientColumns = wants.flatMap((matchSex) =>
      ranges.flatMap((range) =>
        [10, 500].flatMap((matchDistance) =>
          [KINSHASA, null].map((place) => ({ matchSex, ...range, matchDistance, ...cell(place) })),
        ),
      ),
    );
    recipients = await insertProfiles(t, recipientColumns.length, {}, (i) => recipientColumns[i]!);
  });
  afterAll(() => t.close());

  it('refuses UserPreferences exactly where the recipient’s lists would not show the sender', async () => {
    const senderIds = senders.map((sender) => sender.id);
    const { rows } = await t.db.execute<{ sender: string; recipient: string; reason: string | null }>(
      sql`SELECT s.id AS sender, r.id AS recipient, ${sql.raw(
        paywallReasonSql({ sender: 's.id', recipient: 'r.id', at: 'now()', heard: 'false' }),
      )} AS reason
      FROM users s CROSS JOIN users r
      WHERE s.id IN ${senderIds} AND r.id IN ${recipients.map((recipient) => recipient.id)}`,
    );
    const refused = new Set(
      rows.filter((row) => row.reason === 'UserPreferences').map((row) => `${row.sender}>${row.recipient}`),
    );
    // Equal popularity, no plan, no match: the preferences are the only reason there may be.
    expect(new Set(rows.map((row) => row.reason))).toEqual(new Set([null, 'UserPreferences']));
    const disagreements: string[] = [];
    for (const recipient of recipients) {
      const viewer = await loadViewer(t.db, recipient.id);
      const shown = new Set(
        (
          await t.db
            .select({ id: users.id })
            .from(users)
            .where(and(inArray(users.id, senderIds), wantedBy(viewer)))
        ).map((row) => row.id),
      );
      for (const sender of senders) {
        if (shown.has(sender.id) === refused.has(`${sender.id}>${recipient.id}`)) {
          const { matchSex, matchAgeMin, matchAgeMax, matchDistance, latitude } = recipient;
          disagreements.push(
            `${sender.sex} born ${sender.dateOfBirth} at ${sender.latitude ?? 'nowhere'} to one wanting ` +
              `[${matchSex.join(',')}] ${matchAgeMin}-${matchAgeMax} within ${matchDistance} km of ${latitude ?? 'nowhere'}: ` +
              `${shown.has(sender.id) ? 'shown' : 'not shown'} yet ${refused.has(`${sender.id}>${recipient.id}`) ? 'refused' : 'let through'}`,
          );
        }
      }
    }
    expect(disagreements).toEqual([]);
    // Every outcome happens: the matrix is not trivially one-sided.
    expect(refused.size).toBeGreaterThan(0);
    expect(refused.size).toBeLessThan(rows.length);
  });
});
