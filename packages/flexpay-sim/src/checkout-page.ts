import { formatWireAmount, type SimTransaction } from './transactions.ts';

/** The languages of the hosted card page: the browser's first of them, else French (FlexPay's). */
export type CheckoutLanguage = 'en' | 'fr';

/** The hosted card page's texts (SPEC: card number required, at least 16 digits; the rest required). */
export const CHECKOUT_TEXTS = {
  fr: {
    cardNumberRequired: 'Le numéro de carte est obligatoire.',
    cardNumberDigits: 'Le numéro de carte ne compte que des chiffres.',
    cardNumberLength: 'Le numéro de carte compte au moins 16 chiffres.',
    cardNameRequired: 'Le nom sur la carte est obligatoire.',
    expiryRequired: "La date d'expiration est obligatoire.",
    expiryFormat: "La date d'expiration s'écrit MM/AA.",
    expiryPast: 'Cette carte a expiré.',
    cvvRequired: 'Le CVV est obligatoire.',
    cvvFormat: 'Le CVV compte 3 ou 4 chiffres.',
    pay: 'Payer',
    cancel: 'Annuler',
    title: 'Paiement par carte',
    cardNumber: 'Numéro de carte',
    cardName: 'Nom sur la carte',
    expiry: 'Expiration (MM/AA)',
    expiryPlaceholder: 'MM/AA',
    checkFields: 'Vérifiez les champs signalés.',
    done: 'Ce paiement est terminé.',
    simulator: "Simulateur FlexPay local : aucune carte n'est débitée.",
    pageTitle: 'Paiement par carte · FlexPay (simulateur)',
  },
  en: {
    cardNumberRequired: 'The card number is required.',
    cardNumberDigits: 'The card number has digits only.',
    cardNumberLength: 'The card number has at least 16 digits.',
    cardNameRequired: 'The name on the card is required.',
    expiryRequired: 'The expiry date is required.',
    expiryFormat: 'Write the expiry date as MM/YY.',
    expiryPast: 'This card has expired.',
    cvvRequired: 'The CVV is required.',
    cvvFormat: 'The CVV has 3 or 4 digits.',
    pay: 'Pay',
    cancel: 'Cancel',
    title: 'Card payment',
    cardNumber: 'Card number',
    cardName: 'Name on the card',
    expiry: 'Expiry (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    checkFields: 'Check the fields marked below.',
    done: 'This payment is over.',
    simulator: 'Local FlexPay simulator: no card is charged.',
    pageTitle: 'Card payment · FlexPay (simulator)',
  },
} as const satisfies Record<CheckoutLanguage, Record<string, string>>;

/** The page's language from an Accept-Language header: the first of English and French by preference. */
export function checkoutLanguage(acceptLanguage: string | undefined): CheckoutLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { primary: tag.split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0 && (entry.primary === 'en' || entry.primary === 'fr'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.primary === 'en' ? 'en' : 'fr';
}

export type CardForm = { cardNumber: string; cardName: string; expiry: string; cvv: string };
export type CardErrors = Partial<Record<keyof CardForm, string>>;

/** Checks the form as the SPEC says, in the page's language; `now` (virtual ms) for the expiry. */
export function validateCard(form: CardForm, now: number, language: CheckoutLanguage = 'fr'): CardErrors {
  const messages = CHECKOUT_TEXTS[language];
  const errors: CardErrors = {};
  const digits = form.cardNumber.replace(/[\s-]/g, '');
  if (!digits) errors.cardNumber = messages.cardNumberRequired;
  else if (!/^[0-9]+$/.test(digits)) errors.cardNumber = messages.cardNumberDigits;
  else if (digits.length < 16 || digits.length > 19) errors.cardNumber = messages.cardNumberLength;
  if (!form.cardName.trim()) errors.cardName = messages.cardNameRequired;
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*([0-9]{2})$/.exec(form.expiry.trim());
  if (!form.expiry.trim()) errors.expiry = messages.expiryRequired;
  else if (!expiry) errors.expiry = messages.expiryFormat;
  else {
    const today = new Date(now);
    const [month, year] = [Number(expiry[1]), 2000 + Number(expiry[2])];
    if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) {
      errors.expiry = messages.expiryPast;
    }
  }
  if (!form.cvv.trim()) errors.cvv = messages.cvvRequired;
  else if (!/^[0-9]{3,4}$/.test(form.cvv.trim())) errors.cvv = messages.cvvFormat;
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
  language: CheckoutLanguage,
  form: CardForm = { cardNumber: '', cardName: '', expiry: '', cvv: '' },
  errors: CardErrors = {},
): string {
  const text = CHECKOUT_TEXTS[language];
  const amount = `${formatWireAmount(tx.amountMinor).replace(/\.0$/, '')} ${tx.currency}`;
  const summary = Object.keys(errors).length ? `<p class="error" role="alert">${text.checkFields}</p>` : '';
  const body =
    tx.status === '2'
      ? `<form method="post" novalidate>
${summary}
${field('cardNumber', text.cardNumber, 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', form.cardNumber, errors.cardNumber)}
${field('cardName', text.cardName, 'autocomplete="cc-name" maxlength="80"', form.cardName, errors.cardName)}
<div class="row">
${field('expiry', text.expiry, `inputmode="numeric" autocomplete="cc-exp" placeholder="${text.expiryPlaceholder}" maxlength="7"`, form.expiry, errors.expiry)}
${field('cvv', 'CVV', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', form.cvv, errors.cvv)}
</div>
<div class="actions">
<button class="pay" type="submit" name="action" value="pay">${text.pay}</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>${text.cancel}</button>
</div></form>`
      : `<p role="status">${text.done}</p>`;
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${text.pageTitle}</title>
<style>${STYLE}</style></head>
<body><main><div class="card">
<h1>${text.title}</h1>
<p class="note">${escapeHtml(merchant)}${tx.description ? ` · ${escapeHtml(tx.description)}` : ''}</p>
<p class="amount">${escapeHtml(amount)}</p>
${body}
<p class="note">${escapeHtml(text.simulator)}</p>
</div></main></body>
</html>`;
}
