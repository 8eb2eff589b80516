/** The look of every mail: one small inline-styled HTML layout and its plain-text twin. */

export const BRAND_COLOUR = '#E0474C';

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; code: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'link'; label: string; url: string };

export type MailContent = {
  language: string;
  /** The language's colon after a label a link follows: French writes "clic\u00a0:", English "tap:". */
  colon: string;
  subject: string;
  greeting: string;
  blocks: MailBlock[];
  signature: string;
  footer: string;
  /** A link under the footer's text (the digest's one-click unsubscribe). */
  footerLink?: { label: string; url: string };
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** Only http(s) links become clickable; anything else is shown as text. */
function safeUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

function blockText(block: MailBlock, colon: string): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'code':
      return `    ${block.code}`;
    case 'button':
    case 'link':
      return `${block.label}${colon}\n${block.url}`;
  }
}

export function renderMailText(content: MailContent): string {
  return [
    content.greeting,
    ...content.blocks.map((block) => blockText(block, content.colon)),
    content.signature,
    `--\n${content.footer}`,
    ...(content.footerLink ? [blockText({ kind: 'link', ...content.footerLink }, content.colon)] : []),
  ].join('\n\n');
}

const P = 'margin:0 0 16px;font-size:16px;line-height:24px;color:#2b2b2b;';

function blockHtml(block: MailBlock, colon: string): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${P}">${escapeHtml(block.text)}</p>`;
    case 'code':
      return (
        `<p style="margin:0 0 16px;text-align:center;"><span style="display:inline-block;padding:12px 20px;` +
        `border-radius:8px;background:#fdf0f0;color:${BRAND_COLOUR};font-size:30px;font-weight:700;` +
        `letter-spacing:8px;font-family:Menlo,Consolas,monospace;">${escapeHtml(block.code)}</span></p>`
      );
    case 'button': {
      const href = safeUrl(block.url);
      if (!href) return `<p style="${P}">${escapeHtml(block.label)}${colon} ${escapeHtml(block.url)}</p>`;
      return (
        `<p style="margin:0 0 16px;text-align:center;"><a href="${escapeHtml(href)}" style="display:inline-block;` +
        `padding:12px 24px;border-radius:999px;background:${BRAND_COLOUR};color:#ffffff;font-size:16px;` +
        `font-weight:600;text-decoration:none;">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#6b6b6b;word-break:break-all;">` +
        `${escapeHtml(href)}</p>`
      );
    }
    case 'link': {
      const href = safeUrl(block.url);
      const target = href
        ? `<a href="${escapeHtml(href)}" style="color:${BRAND_COLOUR};">${escapeHtml(href)}</a>`
        : escapeHtml(block.url);
      return `<p style="${P}">${escapeHtml(block.label)}${colon}<br>${target}</p>`;
    }
  }
}

function footerLinkHtml(link: MailContent['footerLink']): string {
  if (!link) return '';
  const href = safeUrl(link.url);
  const label = escapeHtml(link.label);
  return href ? `<br><a href="${escapeHtml(href)}" style="color:#8a8a8a;">${label}</a>` : `<br>${label}`;
}

export function renderMailHtml(content: MailContent): string {
  return `<!doctype html>
<html lang="${escapeHtml(content.language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f1ee;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f1ee;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:16px;overflow:hidden;">
<tr><td style="background:${BRAND_COLOUR};padding:18px 24px;color:#ffffff;font-size:22px;font-weight:700;letter-spacing:0.5px;">&#10084; Motema</td></tr>
<tr><td style="padding:24px;">
<p style="${P}">${escapeHtml(content.greeting)}</p>
${content.blocks.map((block) => blockHtml(block, content.colon)).join('\n')}
<p style="margin:0;font-size:16px;line-height:24px;color:#2b2b2b;">${escapeHtml(content.signature).replace(/\n/g, '<br>')}</p>
</td></tr>
<tr><td style="padding:16px 24px;background:#faf7f5;color:#8a8a8a;font-size:12px;line-height:18px;">${escapeHtml(content.footer)}${footerLinkHtml(content.footerLink)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
