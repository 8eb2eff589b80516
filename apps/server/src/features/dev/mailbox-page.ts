import type { OutboxRow } from '../../db/schema.ts';
import { BRAND_COLOUR, escapeHtml } from '../../lib/mail-layout.ts';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Escapes the text and turns its http(s) links into anchors. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function messageHtml(row: OutboxRow): string {
  const badge = row.channel === 'sms' ? 'SMS' : 'E-mail';
  return `<article>
<header><span class="badge">${badge}</span> <strong>${escapeHtml(row.to)}</strong>
<time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></header>
${row.subject ? `<h2>${escapeHtml(row.subject)}</h2>` : ''}
<pre>${linkify(row.text)}</pre>
</article>`;
}

/** The development mailbox: every mail and SMS the app "sent", newest first. */
export function renderMailboxPage(rows: OutboxRow[]): string {
  const list = rows.length ? rows.map(messageHtml).join('\n') : '<p class="empty">No message yet.</p>';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Motema development mailbox</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f6f1ee;color:#2b2b2b}
main{max-width:760px;margin:0 auto;padding:16px}
h1{color:${BRAND_COLOUR};font-size:24px}
article{background:#fff;border-radius:12px;padding:16px;margin:0 0 16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
header{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
time{color:#6b6b6b;font-size:14px;margin-left:auto}
h2{font-size:18px;margin:8px 0}
pre{white-space:pre-wrap;word-break:break-word;font:15px/1.5 ui-monospace,Menlo,Consolas,monospace;margin:0}
a{color:${BRAND_COLOUR}}
.badge{background:${BRAND_COLOUR};color:#fff;border-radius:999px;padding:0 8px;font-size:13px}
.empty{color:#6b6b6b}
</style></head>
<body><main>
<h1>Development mailbox</h1>
<p>Mails and text messages kept in the outbox (no SMTP server or SMS provider configured), newest first.</p>
${list}
</main></body>
</html>`;
}
