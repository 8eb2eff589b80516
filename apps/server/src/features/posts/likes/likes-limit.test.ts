import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { asMember, createMember } from '../../../test/factories.ts';
import { buildComment, buildPost } from '../../../test/post-factories.ts';
import { openApiConformance } from '../../../test/openapi-conformance.ts';

/** The like limit (R1): 300 a minute per member, likes and unlikes of posts and comments counted together. */
describe('the like limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('counts every like and unlike of a member, whatever the route and method, 300 a minute', async () => {
    const author = await createMember(t);
    const post = await buildPost(t, { author });
    const comment = await buildComment(t, { post, author });
    const member = await createMember(t);
    const as = asMember(t, member.cookie);
    const ip = '203.0.113.7';
    const operations = [
      ['PUT', `/api/posts/${post.id}/like`],
      ['DELETE', `/api/posts/${post.id}/like`],
      ['PUT', `/api/comments/${comment.id}/like`],
      ['DELETE', `/api/comments/${comment.id}/like`],
    ] as const;
    const statuses = new Map<number, number>();
    // 25 at a time (the limit counts them all the same), the four operations in turn.
    for (let start = 0; start < 300; start += 25) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) => {
          const [method, url] = operations[(start + i) % operations.length]!;
          return as(method, url, undefined, ip);
        }),
      );
      for (const res of answers) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 300 });
    // The 301st operation, whichever it is, is one too many; another member still likes.
    for (const [method, url] of operations) {
      const refused = await as(method, url, undefined, ip);
      expect([refused.statusCode, refused.json().code], `${method} ${url}`).toEqual([429, 'rate_limited']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      openApiConformance(t).expectDocumented(
        method,
        url.replace(/\/(posts|comments)\/[^/]+/, '/$1/{id}'),
        refused,
      );
    }
    const other = await createMember(t);
    expect(
      (await asMember(t, other.cookie)('PUT', `/api/posts/${post.id}/like`, undefined, ip)).statusCode,
    ).toBe(200);
    // A generous bound: 300 requests on a loaded machine, not a measure of speed.
  }, 120_000);
});
