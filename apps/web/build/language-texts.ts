/**
 * The build's texts by language, for bar B5's whole app (decision 0042): a member's browser fetches
 * the translations and legal documents of their language only.
 */

type Chunks = Record<string, { file: string }>;

/**
 * The language of a manifest key that holds one language's texts (`src/locales/fr/zones.json`,
 * `src/features/legal/content/fr/terms.json`), else null: a JSON file in a folder named after it.
 */
export function textLanguageOf(key: string): string | null {
  return /(?:^|\/)([a-z]{2})\/[^/]+\.json$/.exec(key)?.[1] ?? null;
}

/**
 * The language whose texts weigh most (null when the build has none) and the files of the other
 * languages' texts, which the whole app leaves out.
 */
export function oneLanguageTexts(
  manifest: Chunks,
  size: (file: string) => number,
): { language: string | null; others: Set<string> } {
  const byLanguage = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const language = textLanguageOf(key);
    if (language) byLanguage.set(language, [...(byLanguage.get(language) ?? []), chunk.file]);
  }
  const weight = (files: string[]) => files.reduce((sum, file) => sum + size(file), 0);
  const [heaviest] = [...byLanguage.entries()].sort((a, b) => weight(b[1]) - weight(a[1]));
  const others = [...byLanguage.entries()].flatMap(([language, files]) =>
    language === heaviest?.[0] ? [] : files,
  );
  return { language: heaviest?.[0] ?? null, others: new Set(others) };
}
