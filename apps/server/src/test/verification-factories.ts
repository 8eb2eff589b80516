import { eq } from 'drizzle-orm';
import type { VerificationState } from '@motema/shared/verification';
import type { Db } from '../db/client.ts';
import { verificationRequests } from '../db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import { asMember, createMember, type Member } from './factories.ts';
import { multipartBody, samples } from './media-factories.ts';
import { randomIp } from './net.ts';

/** A moderator (or an admin) whose session opens the console. */
export const createModerator = (t: Pick<TestApp, 'db'>, role: 'moderator' | 'admin' = 'moderator') =>
  createMember(t, { role });

/** GET /api/verification as the member: their state, and the pose drawn for them. */
export async function verificationOf(t: Pick<TestApp, 'app'>, member: Member): Promise<VerificationState> {
  const res = await asMember(t, member.cookie)('GET', '/api/verification');
  if (res.statusCode !== 200) throw new Error(`GET /api/verification: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A small JPEG, as the capture screen's canvas sends one. */
export const selfieJpeg = () => samples.small(320, 240);

/** POST /api/verification as the member: `pose` then the `selfie` file (a small JPEG unless given). */
export async function sendSelfie(
  t: Pick<TestApp, 'app'>,
  member: Member,
  pose: string,
  file: { bytes?: Buffer; field?: string; contentType?: string } = {},
) {
  const bytes = file.bytes ?? (await selfieJpeg());
  const body = multipartBody(
    {
      field: file.field ?? 'selfie',
      filename: 'selfie.jpg',
      contentType: file.contentType ?? 'image/jpeg',
      bytes,
    },
    { pose },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/verification',
    remoteAddress: randomIp(),
    payload: body.payload,
    headers: { ...body.headers, cookie: member.cookie },
  });
}

/** The member's selfie sent with the pose drawn for them: their pending request's id. */
export async function pendingSelfie(t: Pick<TestApp, 'app' | 'db'>, member: Member): Promise<string> {
  const { pose } = await verificationOf(t, member);
  const res = await sendSelfie(t, member, pose!.id);
  if (res.statusCode !== 201) throw new Error(`POST /api/verification: ${res.statusCode} ${res.body}`);
  const [row] = await requestsOf(t.db, member.user.id);
  return row!.id;
}

/** POST /api/moderation/verifications/:id as `staff`. */
export function decide(t: Pick<TestApp, 'app'>, staff: Member, id: string, body: object) {
  return asMember(t, staff.cookie)('POST', `/api/moderation/verifications/${id}`, body);
}

/** The member's verification requests, newest first. */
export async function requestsOf(db: Db, userId: string) {
  const rows = await db.select().from(verificationRequests).where(eq(verificationRequests.userId, userId));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}
