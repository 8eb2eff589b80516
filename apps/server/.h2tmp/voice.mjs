import { chromium } from 'playwright-core';
import fs from 'node:fs';
const setup = JSON.parse(fs.readFileSync('/tmp/h2-setup.json', 'utf8'));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
});
const cookie = (c) => ({ name: 'motema_session', value: c.split('=')[1], domain: '127.0.0.1', path: '/' });
const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
await ctx.addCookies([cookie(setup.a)]);
const page = await ctx.newPage();
await page.goto('http://127.0.0.1:4321/conversations');
const result = await page.evaluate(async (conversation) => {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const type = MediaRecorder.isTypeSupported('audio/webm;codecs=opus') ? 'audio/webm;codecs=opus' : undefined;
  const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  const chunks = [];
  rec.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((r) => (rec.onstop = r));
  rec.start(1000);
  await new Promise((r) => setTimeout(r, 3000));
  rec.stop();
  await done;
  const blob = new Blob(chunks, { type: rec.mimeType });
  const form = new FormData();
  form.append('kind', 'voice');
  form.append('durationMs', '3000');
  form.append('file', blob, 'voice.webm');
  const t0 = performance.now();
  const res = await fetch(`/api/conversations/${conversation}/files`, { method: 'POST', body: form });
  return { recorderType: rec.mimeType, size: blob.size, status: res.status, ms: performance.now() - t0, body: await res.json() };
}, setup.conversation);
console.log(JSON.stringify(result));
// Also a fake-camera video through MediaRecorder as kind video.
const video = await page.evaluate(async (conversation) => {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 320, height: 240 } });
  const rec = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8,opus' });
  const chunks = [];
  rec.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((r) => (rec.onstop = r));
  rec.start(1000);
  await new Promise((r) => setTimeout(r, 2000));
  rec.stop();
  await done;
  const blob = new Blob(chunks, { type: rec.mimeType });
  const send = async (kind) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', blob, 'clip.webm');
    const res = await fetch(`/api/conversations/${conversation}/files`, { method: 'POST', body: form });
    return { status: res.status, body: await res.json() };
  };
  return { size: blob.size, asVideo: await send('video'), asVoice: await send('voice') };
}, setup.conversation);
console.log(JSON.stringify(video));
fs.writeFileSync('/tmp/h2-voice.json', JSON.stringify({ voice: result.body.file, video: video.asVideo.body.file }));
await browser.close();
