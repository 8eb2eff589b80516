import type { FastifyRequest } from 'fastify';
import type { InterfaceLanguage } from '@motema/shared/languages';
import type { Db } from '../db/client.ts';
import { escapeHtml } from '../lib/mail-layout.ts';
import type { LinkPreviewSource, LinkPreviewSubject } from '../link-previews-port.ts';
import { ageInWords, fillIn, LINK_PREVIEW_TEXTS } from './link-preview-texts.ts';
import { requestedPage } from './public-page.ts';

/** How much of a member's, a post's or a zone's own text a card shows. */
export const PREVIEW_TEXT_LENGTH = 150;
/** The neutral card's picture: the app icon of the build (apps/web/public/icons/). */
const APP_ICON = { path: '/icons/icon-512.png', width: 512, height: 512 };

/** What a card says, before it is written as tags. */
export type PreviewCard = {
  title: string;
  description: string;
  /** The page's absolute URL. */
  url: string;
  type: 'profile' | 'article' | 'website';
  image: { url: string; width: number; height: number; alt: string };
  /** A photo of the subject's own (a post's, a zone's cover) shows large; a face or the icon small. */
  large: boolean;
};

/**
 * The first words of `text`, about `max` characters: its spaces and line breaks as single spaces,
 * cut at the last word that fits, with an ellipsis when cut.
 */
export function firstWords(text: string, max = PREVIEW_TEXT_LENGTH): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : flat.slice(0, max)).replace(/[\s,.;:!?]+$/u, '')}…`;
}

/**
 * The card of a subject as a visitor may see it, or the neutral card (Motema's name and tagline, the
 * app icon) for none: a private subject, a member in discreet mode, one gone, an unknown id.
 */
export function previewCardOf(
  subject: LinkPreviewSubject | undefined,
  page: { origin: string; path: string; language: InterfaceLanguage },
): PreviewCard {
  const texts = LINK_PREVIEW_TEXTS[page.language];
  const url = `${page.origin}${page.path}`;
  const absolute = (image: { path: string; width: number; height: number }, alt: string) => ({
    url: `${page.origin}${image.path}`,
    width: image.width,
    height: image.height,
    alt,
  });
  const neutral: PreviewCard = {
    title: texts.title,
    description: texts.description,
    url,
    type: 'website',
    image: absolute(APP_ICON, texts.iconAlt),
    large: false,
  };
  if (!subject) return neutral;
  const description = firstWords(subject.text) || texts.description;
  switch (subject.kind) {
    case 'member': {
      const age = ageInWords(texts, page.language, subject.age);
      return {
        title: fillIn(texts.member, { name: subject.name, age }),
        description,
        url,
        type: 'profile',
        image: subject.image
          ? absolute(subject.image, fillIn(texts.memberAlt, { name: subject.name }))
          : neutral.image,
        large: false,
      };
    }
    case 'post':
    case 'zone': {
      const [title, alt] =
        subject.kind === 'post' ? [texts.post, texts.postAlt] : [texts.zone, texts.zoneAlt];
      const name = subject.kind === 'post' ? subject.authorName : subject.name;
      return {
        title: fillIn(title, { name }),
        description,
        url,
        type: subject.kind === 'post' ? 'article' : 'website',
        image: subject.image ? absolute(subject.image, alt) : neutral.image,
        large: !!subject.image,
      };
    }
  }
}

/** The card as `<head>` markup: the page's title and description, Open Graph and Twitter card tags. */
export function previewTags(card: PreviewCard): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`;
  return [
    `<title>${escapeHtml(card.title)}</title>`,
    meta('name', 'description', card.description),
    meta('property', 'og:site_name', 'Motema'),
    meta('property', 'og:type', card.type),
    meta('property', 'og:url', card.url),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:image', card.image.url),
    meta('property', 'og:image:width', card.image.width),
    meta('property', 'og:image:height', card.image.height),
    meta('property', 'og:image:alt', card.image.alt),
    meta('name', 'twitter:card', card.large ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
    meta('name', 'twitter:image', card.image.url),
    meta('name', 'twitter:image:alt', card.image.alt),
  ].join('');
}

/**
 * `html` (a page of the build) with the card's tags in its `<head>`: its own `<title>` and
 * description replaced, the rest before `</head>` (at the top of a page without one).
 */
export function withLinkPreview(html: string, tags: string): string {
  const bare = html
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>/i, '');
  const head = bare.search(/<\/head>/i);
  if (head >= 0) return `${bare.slice(0, head)}${tags}${bare.slice(head)}`;
  const doctype = /^<!doctype html>/i.exec(bare)?.[0] ?? '';
  return `${doctype}${tags}${bare.slice(doctype.length)}`;
}

/** The pages a shared link opens, with a preview card: their tags for a page request. */
export type LinkPreviews = {
  /** The `<head>` tags of the page a request asks for, or null when it is not such a page. */
  tagsOf: (request: FastifyRequest) => Promise<string | null>;
};

/**
 * The link previews of the features' pages (their modules' `linkPreviews`), read as a visitor sees
 * them whoever asks (a crawler has no cookie, and a card a member's browser gets must be the one a
 * shared cache may keep). Absolute URLs on PUBLIC_URL, else on the origin the request came to
 * (outside production: production requires PUBLIC_URL).
 */
export function createLinkPreviews(options: {
  db: Db;
  sources: readonly LinkPreviewSource[];
  publicUrl: string | undefined;
}): LinkPreviews {
  const byPrefix = new Map(options.sources.map((source) => [source.path.replace(/:id$/, ''), source]));
  return {
    async tagsOf(request) {
      const { path, language } = requestedPage(request);
      const prefix = path.slice(0, path.lastIndexOf('/') + 1);
      const source = byPrefix.get(prefix);
      const id = path.slice(prefix.length);
      if (!source || !id) return null;
      const origin = options.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
      const subject = await source.preview(options.db, id);
      return previewTags(previewCardOf(subject, { origin, path, language }));
    },
  };
}
