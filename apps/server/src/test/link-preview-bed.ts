import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { FeatureModule } from '../modules/feature-module.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import type { Member } from './factories.ts';
import { randomIp } from './net.ts';

/** The build's index.html as it is shaped: its own title and description in its head. */
export const PREVIEW_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Motema: meet people who get you. Dating and friendship for adults in Africa."
    />
    <title>Motema</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** A test app serving a web build of index.html alone (WEB_DIST_DIR), removed when closed. */
export async function buildPreviewApp(
  options: { modules?: readonly FeatureModule[] } = {},
): Promise<TestApp> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'motema-previews-'));
  await mkdir(path.join(dist, 'icons'));
  await writeFile(path.join(dist, 'index.html'), PREVIEW_INDEX);
  await writeFile(path.join(dist, 'icons', 'icon-512.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const t = await buildTestApp({ env: { WEB_DIST_DIR: dist }, ...options });
  const close = t.close;
  return Object.assign(t, {
    close: async () => {
      await close();
      await rm(dist, { recursive: true, force: true });
    },
  });
}

/** GET of a page as `member` (a visitor, a crawler, when null), in `language` by Accept-Language. */
export function openPage(
  t: Pick<TestApp, 'app'>,
  url: string,
  member: Member | null = null,
  language = 'en',
) {
  return t.app.inject({
    url,
    remoteAddress: randomIp(),
    headers: { 'accept-language': language, ...(member && { cookie: member.cookie }) },
  });
}

const UNESCAPED: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescapeHtml = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => UNESCAPED[entity]!);

/** A page's preview as a crawler reads it: `title`, `description`, and each og: and twitter: tag. */
export function previewOf(res: LightMyRequestResponse): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, value] of res.body.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g))
    tags[key!] = unescapeHtml(value!);
  const titles = [...res.body.matchAll(/<title>([^<]*)<\/title>/g)];
  if (titles.length !== 1) throw new Error(`${titles.length} titles in ${res.body}`);
  tags.title = unescapeHtml(titles[0]![1]!);
  return tags;
}

/** The neutral card, as previewOf reads it, in English. */
export function expectNeutral(tags: Record<string, string>, url: string): void {
  const expected = {
    title: 'Motema: meet people who get you',
    'og:title': 'Motema: meet people who get you',
    'og:type': 'website',
    'og:site_name': 'Motema',
    'og:image:alt': 'The Motema logo',
    'twitter:card': 'summary',
    description:
      'Dating and friendship for adults, in your language, gentle on your phone and your data plan.',
  };
  for (const [key, value] of Object.entries(expected)) if (tags[key] !== value) throw mismatch(key, tags);
  if (!tags['og:image']?.endsWith('/icons/icon-512.png')) throw mismatch('og:image', tags);
  if (!tags['og:url']?.endsWith(url)) throw mismatch('og:url', tags);
}

const mismatch = (key: string, tags: Record<string, string>) =>
  new Error(`not the neutral card (${key}): ${JSON.stringify(tags, null, 2)}`);
