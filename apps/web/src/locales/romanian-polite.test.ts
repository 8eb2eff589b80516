import { describe, expect, it } from 'vitest';

/**
 * Romanian speaks to the member with the polite form (dumneavoastră, "Alegeți", "Salvați"), as French
 * says "vous": the texts mixed it with the familiar one ("Salvează", "Verifică-ți conexiunea", "Tu").
 * The check looks for familiar forms that cannot be anything else; the others (a bare "Alege" also
 * reads as "he chooses") are the translator's to watch.
 */
const files = import.meta.glob<Record<string, unknown>>(
  ['./ro/*.json', '../features/legal/content/ro/*.json'],
  { eager: true, import: 'default' },
);

function leaves(tree: unknown, prefix: string): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([key, value]) => leaves(value, `${prefix}.${key}`));
  return [];
}

const texts = Object.entries(files).flatMap(([path, content]) =>
  leaves(content, path.replace(/^.*\/(\w+)\.json$/, '$1')),
);

/** Not a letter of a word on either side (\b knows no ă, î, ș, ț). */
const word = (pattern: string) => new RegExp(`(?<![\\p{L}-])(?:${pattern})(?![\\p{L}])`, 'iu');

const FAMILIAR: [string, RegExp][] = [
  ['a familiar pronoun (tu, te, ție, tine, îți)', word('tu|te|ție|tine|îți')],
  ['a familiar possessive (tău, ta, tăi, tale)', word('tău|ta|tăi|tale')],
  ['a familiar verb (ești, poți, vrei, ai)', word('ești|poți|vrei|ai(?= \\p{L}+[ta]\\b)')],
  ['a familiar clitic (-ți, -te, ți-, te-)', /\p{L}-(?:ți|te)(?!\p{L})|(?<!\p{L})(?:ți|te)-\p{L}/u],
  [
    'a familiar imperative (Alege, Salvează, Încearcă…)',
    new RegExp(
      `(?:^|[.!?:;]\\s+)(?:${[
        'Alege',
        'Salvează',
        'Anulează',
        'Continuă',
        'Introdu',
        'Confirmă',
        'Schimbă',
        'Deschide',
        'Caută',
        'Încearcă',
        'Reîncearcă',
        'Revino',
        'Adaugă',
        'Editează',
        'Modifică',
        'Creează',
        'Descoperă',
        'Partajează',
        'Glisează',
        'Apreciază',
        'Blochează',
        'Deblochează',
        'Raportează',
        'Instalează',
        'Arată',
        'Scrie',
        'Vezi',
        'Începe',
        'Ia',
        'Fă',
        'Marchează',
        'Elimină',
        'Șterge',
        'Retrage',
        'Copiază',
        'Reîncarcă',
        'Verifică',
        'Alătură',
      ].join('|')})(?![\\p{L}])`,
      'u',
    ),
  ],
];

describe('Romanian polite form', () => {
  it('finds the Romanian texts', () => {
    expect(texts.length).toBeGreaterThan(300);
  });

  it('is used by every Romanian text', () => {
    const familiar = texts.flatMap(([key, text]) =>
      FAMILIAR.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${key}: ${what}: ${text}`),
    );
    expect(familiar).toEqual([]);
  });

  it('catches the familiar forms the texts had', () => {
    const caught = (text: string) => FAMILIAR.some(([, pattern]) => pattern.test(text));
    for (const text of [
      'Salvează',
      'Verifică-ți conexiunea, apoi încearcă din nou.',
      'Tu: {{text}}',
      'Ai văzut pe toată lumea',
      'Poți debloca oricând',
      'Profilul tău',
      'Conectează-te pentru a continua',
      'Totul e gata. Bine ai venit pe Motema!',
    ])
      expect(caught(text), text).toBe(true);
    for (const text of [
      'Salvați',
      'Verificați conexiunea, apoi încercați din nou.',
      'Dvs.: {{text}}',
      'Conectați-vă pentru a continua',
      'Folosește fotografiile mele',
      'Trimite linkuri sau vrea să treacă pe altă aplicație',
      'Permiteți-l în setările site-ului',
      'Membrii ai zonei',
    ])
      expect(caught(text), text).toBe(false);
  });
});
