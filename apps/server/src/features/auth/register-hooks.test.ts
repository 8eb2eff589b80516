import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountHookContext } from '../../account-hooks-port.ts';
import { users } from '../../db/schema.ts';
import type { FeatureModule } from '../../modules/feature-module.ts';
import { featureModules } from '../../modules/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { register, registrationBody } from '../../test/factories.ts';

// The account hooks (account-hooks-port.ts) run in the account's transaction, with the registration's referral.

const heard: { username: string; referral: AccountHookContext['registration']['referral'] }[] = [];
const listening: FeatureModule = {
  name: 'listening',
  accountHooks: [
    {
      name: 'a hook that fails on a username',
      async created(account, { registration }) {
        heard.push({ username: account.username, referral: registration.referral });
        if (account.username.startsWith('refused')) throw new Error('the hook failed');
      },
    },
  ],
};

describe('account hooks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ modules: [...featureModules, listening] });
  });
  afterAll(() => t.close());

  const stored = async (username: string) =>
    (await t.db.select().from(users).where(eq(users.username, username))).length;

  it('hear each new account with its referral, and roll back with it when one fails', async () => {
    const kept = registrationBody({ referral: 'K7P2QXAB' });
    expect((await register(t, kept)).statusCode).toBe(202);
    expect(heard).toContainEqual({ username: kept.username, referral: 'K7P2QXAB' });
    expect(await stored(kept.username)).toBe(1);

    const refused = registrationBody({ username: `refused${Date.now() % 100000}` });
    refused.email = `${refused.username}@example.com`;
    expect((await register(t, refused)).statusCode).toBe(500);
    expect(await stored(refused.username)).toBe(0);
  });
});
