import { MAGIC_CARDS, MAGIC_PAYERS } from '@motema/flexpay-sim/magic-payers';
import type { SimTransactionView } from '@motema/flexpay-sim';
import { BRAND_COLOUR, escapeHtml } from '../../lib/mail-layout.ts';

/** FlexPay's transaction.status in words. */
const STATUS = {
  '0': 'paid',
  '1': 'failed',
  '2': 'pending',
  '3': 'refund pending',
  '4': 'refunded',
  '5': 'cancelled',
};

function row(tx: SimTransactionView): string {
  const actions =
    tx.status === '2'
      ? `<form method="post" action="/dev/payments/${encodeURIComponent(tx.orderNumber)}/approve"><button class="approve">Approve</button></form>
<form method="post" action="/dev/payments/${encodeURIComponent(tx.orderNumber)}/decline"><button class="decline">Decline</button></form>`
      : '';
  const who =
    tx.kind === 'card' ? 'card' : `${tx.kind === 'payout' ? 'payout to' : 'from'} ${tx.phone ?? ''}`;
  return `<article>
<header><span class="badge s${tx.status}">${STATUS[tx.status]}</span> <strong>${escapeHtml(tx.amount.replace(/\.0$/, ''))} ${tx.currency}</strong> ${escapeHtml(who)}
<time datetime="${tx.createdAt}">${escapeHtml(tx.createdAt.replace('T', ' ').slice(0, 19))} UTC</time></header>
<p>Reference <code>${escapeHtml(tx.reference)}</code> · order <code>${escapeHtml(tx.orderNumber)}</code> · ${tx.callbacks.length} callback(s)${tx.scenario === 'interactive' ? '' : ` · scenario ${escapeHtml(tx.scenario)}`}</p>
${actions ? `<div class="actions">${actions}</div>` : ''}
</article>`;
}

/** The development payments page: the simulator's payments, newest first, pending ones to decide. */
export function renderPaymentsPage(transactions: SimTransactionView[], notice?: string): string {
  const newestFirst = [...transactions].reverse();
  const pending = newestFirst.filter((tx) => tx.status === '2');
  const settled = newestFirst.filter((tx) => tx.status !== '2');
  const magic = Object.values(MAGIC_PAYERS)
    .map((payer) => `<tr><td><code>${payer.msisdn}</code></td><td>${escapeHtml(payer.behaviour)}</td></tr>`)
    .join('\n');
  const cards = Object.values(MAGIC_CARDS)
    .map((card) => `<tr><td><code>${card.number}</code></td><td>${escapeHtml(card.behaviour)}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>Motema development payments</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f6f1ee;color:#2b2b2b}
main{max-width:760px;margin:0 auto;padding:16px}
h1{color:${BRAND_COLOUR};font-size:24px}h2{font-size:18px;margin:24px 0 8px}
article{background:#fff;border-radius:12px;padding:12px 16px;margin:0 0 12px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
header{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
time{color:#6b6b6b;font-size:14px;margin-left:auto}
p{margin:8px 0;word-break:break-all}
.actions{display:flex;gap:8px}form{margin:0}
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:8px 16px;cursor:pointer}
.approve{background:#1e7d3a;color:#fff}.decline{background:#b3261e;color:#fff}
.badge{border-radius:999px;padding:0 8px;font-size:13px;background:#6b6b6b;color:#fff}
.s0{background:#1e7d3a}.s1,.s5{background:#b3261e}.s2{background:${BRAND_COLOUR}}
.notice{background:#fff;border-left:4px solid ${BRAND_COLOUR};padding:8px 12px}
table{border-collapse:collapse;font-size:14px}td{padding:4px 8px;border-top:1px solid #ddd;vertical-align:top}
.empty{color:#6b6b6b}
</style></head>
<body><main>
<h1>Development payments</h1>
<p>Payments sent to the local FlexPay simulator. Approve or decline a pending one as the payer would on their phone. A partner's withdrawal (a payout) to an ordinary number waits here too, until approved (paid) or declined (failed).</p>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
<h2>Pending</h2>
${pending.length ? pending.map(row).join('\n') : '<p class="empty">No pending payment.</p>'}
<h2>Settled</h2>
${settled.length ? settled.map(row).join('\n') : '<p class="empty">None yet.</p>'}
<h2>Magic numbers</h2>
<p>A payment from one of these numbers plays out by itself (docs/payments.md).</p>
<table>${magic}</table>
<h2>Test cards</h2>
<table>${cards}</table>
</main></body>
</html>`;
}
