import { interfaceLanguageOf, type InterfaceLanguage } from '@motema/shared/languages';

/** The best interface language of an Accept-Language header (`fr-CD,fr;q=0.9,en;q=0.8`), if any fits. */
export function preferredLanguage(header: string | undefined): InterfaceLanguage | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const language = interfaceLanguageOf(entry.tag);
    if (language) return language;
  }
  return undefined;
}
