import type { InterfaceLanguage } from '@motema/shared/languages';
import { BRAND_COLOUR, escapeHtml } from '../../../lib/mail-layout.ts';

/** What the page says: asking to confirm (a GET), done (after the POST), or a link nobody has. */
export type UnsubscribeState = 'confirm' | 'done' | 'invalid';

/** The brand's deep coral (the web theme's coral 8): 7:1 on white, where small text needs 4.5:1. */
const DEEP_CORAL = '#aa1e27';

type PageTexts = Record<UnsubscribeState, { title: string; text: string }> & {
  button: string;
  open: string;
};

const TEXTS: Record<InterfaceLanguage, PageTexts> = {
  en: {
    confirm: {
      title: 'Stop the e-mails about unread messages?',
      text: 'You will no longer receive an e-mail when messages wait for you on Motema. You can turn them back on in Settings > Notifications.',
    },
    done: {
      title: 'You are unsubscribed',
      text: 'You will no longer receive e-mails about unread messages. You can turn them back on at any time in Settings > Notifications.',
    },
    invalid: {
      title: 'This link is not valid',
      text: 'It may have been copied incompletely. You can choose your e-mails in Settings > Notifications.',
    },
    button: 'Unsubscribe',
    open: 'Open Motema',
  },
  fr: {
    confirm: {
      title: 'Ne plus recevoir les e-mails de messages non lus\u202f?',
      text: 'Vous ne recevrez plus d’e-mail quand des messages vous attendent sur Motema. Vous pourrez les réactiver dans Paramètres > Notifications.',
    },
    done: {
      title: 'Vous êtes désabonné',
      text: 'Vous ne recevrez plus d’e-mails de messages non lus. Vous pouvez les réactiver à tout moment dans Paramètres > Notifications.',
    },
    invalid: {
      title: 'Ce lien n’est pas valide',
      text: 'Il a peut-être été copié en partie. Vous pouvez choisir vos e-mails dans Paramètres > Notifications.',
    },
    button: 'Se désabonner',
    open: 'Ouvrir Motema',
  },
  ro: {
    confirm: {
      title: 'Nu mai doriți e-mailuri despre mesajele necitite?',
      text: 'Nu veți mai primi e-mailuri când vă așteaptă mesaje pe Motema. Le puteți reactiva din Setări > Notificări.',
    },
    done: {
      title: 'V-ați dezabonat',
      text: 'Nu veți mai primi e-mailuri despre mesajele necitite. Le puteți reactiva oricând din Setări > Notificări.',
    },
    invalid: {
      title: 'Acest link nu este valid',
      text: 'Poate a fost copiat incomplet. Vă puteți alege e-mailurile din Setări > Notificări.',
    },
    button: 'Dezabonare',
    open: 'Deschideți Motema',
  },
};

/**
 * The small page of the digest's unsubscribe link. A GET only asks (mail scanners open links), and
 * its button posts to the same address; the POST answers `done`. Inline styles only: no script.
 */
export function renderUnsubscribePage(
  language: InterfaceLanguage,
  state: UnsubscribeState,
  formAction: string,
): string {
  const t = TEXTS[language] ?? TEXTS.en;
  const { title, text } = t[state];
  const action =
    state === 'confirm'
      ? `<form method="post" action="${escapeHtml(formAction)}" style="margin:0;">` +
        `<button type="submit" style="padding:12px 24px;border:0;border-radius:999px;background:${DEEP_CORAL};` +
        `color:#ffffff;font-size:16px;font-weight:600;cursor:pointer;">${escapeHtml(t.button)}</button></form>`
      : `<a href="/" style="color:${DEEP_CORAL};font-size:16px;">${escapeHtml(t.open)}</a>`;
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Motema</title></head>
<body style="margin:0;padding:24px 12px;background:#f6f1ee;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<main style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:16px;overflow:hidden;">
<div style="background:${BRAND_COLOUR};padding:18px 24px;color:#ffffff;font-size:22px;font-weight:700;">&#10084; Motema</div>
<div style="padding:24px;">
<h1 style="margin:0 0 16px;font-size:20px;line-height:28px;color:#2b2b2b;">${escapeHtml(title)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:24px;color:#2b2b2b;">${escapeHtml(text)}</p>
${action}
</div>
</main>
</body>
</html>`;
}
