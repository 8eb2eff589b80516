/** B6's session, step 5 (session-script.ts): a chat, written in the composer and answered by the partner. */
import type { SessionRun } from './session-run.ts';
import { navigate, noteShown, settle } from './session-screen.ts';

/** What the member writes in the composer, in turn. */
const MESSAGES = [
  'Mbote! Your profile made me smile. How is your week going?',
  'Haha yes, Kinshasa traffic is something else. Where do you work?',
  'I love that place! Have you tried the grilled fish by the river?',
  'Saturday works for me. Around four?',
  'Great, I will send you the address tomorrow morning.',
  'Do you prefer rumba or afrobeat?',
  'Same here. Koffi Olomide or Fally Ipupa?',
  'Good choice. I have tickets for a concert next month.',
  'Let me check and tell you tonight.',
  'Sleep well, talk tomorrow!',
];
/** What the partner answers, in turn. */
const ANSWERS = [
  'Hello! Busy but good, thank you. And yours?',
  'In an office near Gombe. Long days, but nice colleagues.',
  'Not yet! Shall we go this weekend?',
  'Four is perfect.',
  'Thank you, see you then.',
  'Rumba, always. My father played it every Sunday.',
  'Fally, sorry! His voice is something else.',
  'Really? I would love to come.',
  'Okay, no pressure.',
  'Good night!',
];

/** 5. Chat with `partnerId`: their profile, "Send a message", `plan.messages` messages half each way. */
export async function runChat(run: SessionRun, partnerId: string): Promise<void> {
  const { page, wire, plan, shown, marks, text } = run;
  const partner = await plan.partnerFor(partnerId);
  await navigate(page, `/profile/${partnerId}`);
  await page.getByRole('link', { name: text('discovery', 'profile.sendMessage'), exact: true }).click();
  await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationId = new URL(page.url()).pathname.split('/').pop()!;
  await partner.open(conversationId);
  const composer = page.getByLabel(text('thread', 'composer.label'), { exact: true });
  const send = page.getByRole('button', { name: text('thread', 'composer.send'), exact: true });
  for (let i = 0; i < plan.messages / 2; i += 1) {
    const mine = MESSAGES[i % MESSAGES.length]!;
    await composer.fill(mine);
    await send.click();
    await page.getByText(mine, { exact: true }).last().waitFor();
    marks.messages.sent += 1;
    const answer = ANSWERS[i % ANSWERS.length]!;
    await partner.say(answer);
    await page.getByText(answer, { exact: true }).last().waitFor();
    marks.messages.received += 1;
    await page.waitForTimeout(200);
  }
  await settle(page, wire, 500);
  await noteShown(page, shown);
}
