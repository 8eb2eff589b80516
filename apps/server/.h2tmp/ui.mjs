import { chromium } from 'playwright-core';
import fs from 'node:fs';
const setup = JSON.parse(fs.readFileSync('/tmp/h2-setup.json', 'utf8'));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});
const cookie = (c) => ({ name: 'motema_session', value: c.split('=')[1], domain: '127.0.0.1', path: '/' });
async function open(who) {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, permissions: ['microphone'] });
  await ctx.addCookies([cookie(setup[who])]);
  const page = await ctx.newPage();
  const files = [];
  page.on('response', async (res) => {
    if (res.url().includes('/api/chat-files/')) {
      const body = await res.body().catch(() => Buffer.alloc(0));
      files.push({ url: res.url().replace(/.*chat-files\//, ''), status: res.status(), bytes: body.length, range: res.request().headers().range });
    }
  });
  page.on('pageerror', (e) => console.log(who, 'pageerror', e.message));
  await page.goto(`http://127.0.0.1:4321/messages/${setup.conversation}`);
  await page.waitForTimeout(2500);
  return { page, files };
}
const a = await open('a');
await a.page.screenshot({ path: '/tmp/h2-a-thread.png' });
const mic = a.page.getByRole('button', { name: 'Record a voice message' });
console.log('mic visible', await mic.isVisible());
const box = await mic.boundingBox();
await a.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
await a.page.mouse.down();
await a.page.waitForTimeout(3200);
await a.page.screenshot({ path: '/tmp/h2-a-recording.png' });
await a.page.mouse.up();
await a.page.waitForTimeout(3000);
await a.page.screenshot({ path: '/tmp/h2-a-sent.png' });
// Attach a photo through the paperclip.
const chooser = a.page.waitForEvent('filechooser');
await a.page.getByRole('button', { name: 'Add a photo, a video or an audio file' }).click();
const fc = await chooser;
await fc.setFiles('/tmp/h2-photo.jpg');
await a.page.waitForTimeout(800);
await a.page.screenshot({ path: '/tmp/h2-a-pending.png' });
await a.page.getByRole('button', { name: /send/i }).last().click().catch((e) => console.log('send click', e.message));
await a.page.waitForTimeout(4000);
await a.page.screenshot({ path: '/tmp/h2-a-photo-sent.png' });
const b = await open('b');
await b.page.screenshot({ path: '/tmp/h2-b-thread.png' });
console.log('B files before play', JSON.stringify(b.files));
const play = b.page.getByRole('button', { name: 'Play the voice message' }).first();
console.log('play visible', await play.isVisible().catch(() => false));
await play.click().catch((e) => console.log('play', e.message));
await b.page.waitForTimeout(4500);
await b.page.screenshot({ path: '/tmp/h2-b-played.png' });
console.log('B files after play', JSON.stringify(b.files));
const photoButton = b.page.getByRole('button', { name: /Open photo/ }).first();
if (await photoButton.isVisible().catch(() => false)) {
  await photoButton.click();
  await b.page.waitForTimeout(1500);
  await b.page.screenshot({ path: '/tmp/h2-b-photo-full.png' });
  console.log('B files after full photo', JSON.stringify(b.files.slice(-3)));
}
await browser.close();
