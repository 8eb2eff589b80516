import { describe, expect, it, vi } from 'vitest';
import type { CaseDetail } from '@motema/shared/moderation';
import { chatPair, requestAs, sent, textMessage } from '../../test/chat-factories.ts';
import { caseOf, createStaff, fileReport } from '../../test/moderation-factories.ts';
import { socketTestBed } from '../../test/socket-test-bed.ts';
import { SHIELD_FLAG_PRIORITY } from './moderation-priority.ts';

// A message the scam shield flags opens its moderation case (source 'shield') before anyone reports
// it; the recipient's report from the banner joins the same case and raises it.

const SCAM = 'I sent you 20000 by mistake on M-Pesa, send it back please';

describe("the scam shield's cases", () => {
  const bed = socketTestBed();

  it("opens a flagged message's case with its snapshot, and the recipient's report joins it", async () => {
    const t = bed.t;
    const { a, b, conversationId } = await chatPair(t);
    const ack = await sent(await bed.socketOf(a), textMessage(conversationId, SCAM, { confirmed: true }));
    const opened = await vi.waitFor(async () => {
      const found = await caseOf(t.db, 'message', ack._id);
      if (!found) throw new Error('no case yet');
      return found;
    });
    expect(opened).toMatchObject({ source: 'shield', memberId: a.user.id, state: 'open' });
    expect(opened.priority).toBe(SHIELD_FLAG_PRIORITY);

    await fileReport(t, b, {
      user: a.user.id,
      message: ack._id,
      reason: 'scam_or_commercial',
      subReason: 'asks_for_money',
    });
    const joined = (await caseOf(t.db, 'message', ack._id))!;
    expect(joined.id).toBe(opened.id);
    expect(joined.priority).toBeGreaterThan(opened.priority);

    const staff = await createStaff(t);
    const detail = (
      await requestAs(t, staff)('GET', `/api/moderation/cases/${opened.id}`)
    ).json<CaseDetail>();
    expect(detail).toMatchObject({ source: 'shield', reporters: 1 });
    expect(detail.snapshot.text).toBe(SCAM);
  });

  it('opens no case for an ordinary first message', async () => {
    const t = bed.t;
    const { a, conversationId } = await chatPair(t);
    const ack = await sent(await bed.socketOf(a), textMessage(conversationId, 'Mbote! Your smile is lovely'));
    // The flag's event is emitted with the ack's message; a second message shows the first was judged.
    await sent(await bed.socketOf(a), textMessage(conversationId, 'How was your day?'));
    expect(await caseOf(t.db, 'message', ack._id)).toBeUndefined();
  });
});
