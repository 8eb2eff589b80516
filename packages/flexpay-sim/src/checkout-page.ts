import { formatWireAmount, type SimTransaction } from './transactions.ts';

/** The hosted card page's messages (SPEC: card number required, at least 16 digits; the rest required). */
export const CHECKOUT_MESSAGES = {
  cardNumberRequired: 'Le numéro de carte est obligatoire.',
  cardNumberDigits: 'Le numéro de carte ne compte que des chiffres.',
  cardNumberLength: 'Le numéro de carte compte au moins 16 chiffres.',
  cardNameRequired: 'Le nom sur la carte est obligatoire.',
  expiryRequired: "La date d'expiration est obligatoire.",
  expiryFormat: "La date d'expiration s'écrit MM/AA.",
  expiryPast: 'Cette carte a expiré.',
  cvvRequired: 'Le CVV est obligatoire.',
  cvvFormat: 'Le CVV compte 3 ou 4 chiffres.',
} as const;

/** The buttons' names, for tests and journeys that click them. */
export const CHECKOUT_BUTTONS = { pay: 'Payer', cancel: 'Annuler' } as const;

export type CardForm = { cardNumber: string; cardName: string; expiry: string; cvv: string };
export type CardErrors = Partial<Record<keyof CardForm, string>>;

/** Checks the form as the SPEC says; `now` (virtual ms) for the expiry. */
export function validateCard(form: CardForm, now: number): CardErrors {
  const errors: CardErrors = {};
  const digits = form.cardNumber.replace(/[\s-]/g, '');
  if (!digits) errors.cardNumber = CHECKOUT_MESSAGES.cardNumberRequired;
  else if (!/^[0-9]+$/.test(digits)) errors.cardNumber = CHECKOUT_MESSAGES.cardNumberDigits;
  else if (digits.length < 16 || digits.length > 19) errors.cardNumber = CHECKOUT_MESSAGES.cardNumberLength;
  if (!form.cardName.trim()) errors.cardName = CHECKOUT_MESSAGES.cardNameRequired;
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*([0-9]{2})$/.exec(form.expiry.trim());
  if (!form.expiry.trim()) errors.expiry = CHECKOUT_MESSAGES.expiryRequired;
  else if (!expiry) errors.expiry = CHECKOUT_MESSAGES.expiryFormat;
  else {
    const today = new Date(now);
    const [month, year] = [Number(expiry[1]), 2000 + Number(expiry[2])];
    if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) {
      errors.expiry = CHECKOUT_MESSAGES.expiryPast;
    }
  }
  if (!form.cvv.trim()) errors.cvv = CHECKOUT_MESSAGES.cvvRequired;
  else if (!/^[0-9]{3,4}$/.test(form.cvv.trim())) errors.cvv = CHECKOUT_MESSAGES.cvvFormat;
  return errors;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f5;color:#1d2330}
main{max-width:420px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:20px;margin:0 0 4px}
.amount{font-size:28px;font-weight:700;margin:8px 0 16px}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #8a94a6;border-radius:8px}
input[aria-invalid=true]{border-color:#b3261e}
.row{display:grid;grid-template-columns:1fr 1fr;column-gap:12px}.row>div{display:contents}
.row label{grid-row:1;align-self:end}.row input{grid-row:2}.row .error{grid-row:3}
.error{color:#b3261e;font-size:14px;margin:4px 0 0}
.actions{display:flex;gap:12px;margin-top:20px}
button{flex:1;font:inherit;font-weight:600;padding:12px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#0b57d0;color:#fff}.cancel{background:#e3e7ee;color:#1d2330}
.note{color:#4a5366;font-size:14px}`;

function field(
  name: keyof CardForm,
  label: string,
  attributes: string,
  value: string,
  error: string | undefined,
): string {
  const describedBy = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return `<div><label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attributes}${describedBy}>
${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

/** The simulated hosted card page: small, labelled, no external asset, readable at 360 px. */
export function renderCheckoutPage(
  tx: SimTransaction,
  merchant: string,
  form: CardForm = { cardNumber: '', cardName: '', expiry: '', cvv: '' },
  errors: CardErrors = {},
): string {
  const amount = `${formatWireAmount(tx.amountMinor).replace(/\.0$/, '')} ${tx.currency}`;
  const summary = Object.keys(errors).length
    ? '<p class="error" role="alert">Vérifiez les champs signalés.</p>'
    : '';
  const body =
    tx.status === '2'
      ? `<form method="post" novalidate>
${summary}
${field('cardNumber', 'Numéro de carte', 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', form.cardNumber, errors.cardNumber)}
${field('cardName', 'Nom sur la carte', 'autocomplete="cc-name" maxlength="80"', form.cardName, errors.cardName)}
<div class="row">
${field('expiry', 'Expiration (MM/AA)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" maxlength="7"', form.expiry, errors.expiry)}
${field('cvv', 'CVV', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', form.cvv, errors.cvv)}
</div>
<div class="actions">
<button class="pay" type="submit" name="action" value="pay">${CHECKOUT_BUTTONS.pay}</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>${CHECKOUT_BUTTONS.cancel}</button>
</div></form>`
      : '<p role="status">Ce paiement est terminé.</p>';
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Paiement par carte · FlexPay (simulateur)</title>
<style>${STYLE}</style></head>
<body><main><div class="card">
<h1>Paiement par carte</h1>
<p class="note">${escapeHtml(merchant)}${tx.description ? ` · ${escapeHtml(tx.description)}` : ''}</p>
<p class="amount">${escapeHtml(amount)}</p>
${body}
<p class="note">Simulateur FlexPay local : aucune carte n'est débitée.</p>
</div></main></body>
</html>`;
}
