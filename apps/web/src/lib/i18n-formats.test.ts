import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { isolate } from '../ui/member-text.tsx';
import { addFormats, elide, withDe } from './i18n-formats.ts';

type Texts = Record<string, unknown>;
const frenchFiles = import.meta.glob<Texts>('../locales/fr/*.json', { eager: true, import: 'default' });
const french = Object.fromEntries(
  Object.entries(frenchFiles).map(([path, texts]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), texts]),
);

/** Names heard in Motema's cities: a vowel sound first, so French elides the word before them. */
const VOWEL_NAMES = ['Amina', 'Ibrahim', 'Emmanuel', 'Obinna', 'Ousmane', 'Élodie', 'Hélène', 'Yves', 'Uche'];
/** A consonant sound first ("y" before a vowel is one): the word before them stays whole. */
const CONSONANT_NAMES = ['Kofi', 'Segun', 'Nkechi', 'Yannick', 'Wambui', 'Zola'];
/** Words that French elides before a vowel sound, as they would read unelided before a name. */
const UNELIDED = /(?:^|[\s«(’])(de|du|que|le|la|je|me|te|se|ne|ce|lorsque|puisque|jusque)\s+$/iu;

/** `{ a: { b: 'x' } }` -> `[['a.b', 'x']]`. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
  return [[prefix, tree]];
}

/** Every French text with a `{{name}}` (a member's name, or a file's), as `namespace:key`. */
const textsWithName = Object.entries(french).flatMap(([namespace, texts]) =>
  leaves(texts)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .filter(([, text]) => /\{\{\s*name\s*[,}]/.test(text))
    .map(([key, text]) => [`${namespace}:${key}`, text] as const),
);

async function frenchInstance() {
  const i18n = createInstance();
  await i18n.init({ lng: 'fr', resources: { fr: french }, interpolation: { escapeValue: false } });
  addFormats(i18n);
  return i18n;
}

/** A French text with `name` and placeholder values for its other variables, formats applied. */
function render(i18n: Awaited<ReturnType<typeof frenchInstance>>, text: string, name: string): string {
  const values = {
    name,
    count: 2,
    date: '3 mai',
    reason: 'Réessayez.',
    score: 4,
    max: 5,
    total: 3,
    index: 1,
  };
  return i18n.services.interpolator.interpolate(text, values, 'fr', {});
}

/** What comes right before `name` in `rendered`, format characters around the name removed. */
function before(rendered: string, name: string): string {
  const plain = rendered.replace(/[\u2066-\u2069\u200e\u200f]/gu, '');
  return plain.slice(0, plain.indexOf(name));
}

describe('elision before a name in French', () => {
  it('elides before a vowel sound: a vowel, accented or not, a mute h, a y sounding /i/', () => {
    expect(withDe('Awa')).toBe('d’Awa');
    expect(withDe('Émile')).toBe('d’Émile');
    expect(withDe('ousmane')).toBe('d’ousmane');
    expect(withDe('Hélène')).toBe('d’Hélène');
    expect(withDe('Hugo')).toBe('d’Hugo');
    expect(withDe('Yves')).toBe('d’Yves');
    expect(withDe('audio.webm')).toBe('d’audio.webm');
    expect(elide('que', 'Ibrahim')).toBe('qu’Ibrahim');
  });

  it('keeps the word whole before a consonant, a y sounding /j/, or no letter at all', () => {
    expect(withDe('Kofi')).toBe('de Kofi');
    expect(withDe('Yannick')).toBe('de Yannick');
    expect(withDe('Youssouf')).toBe('de Youssouf');
    expect(withDe('2Pac')).toBe('de 2Pac');
    expect(elide('que', 'Segun')).toBe('que Segun');
  });

  it('looks past the isolation around a member name', () => {
    expect(withDe(isolate('Awa'))).toBe(`d’${isolate('Awa')}`);
    expect(withDe(isolate('Kofi'))).toBe(`de ${isolate('Kofi')}`);
  });

  it('reads the texts of the issue', async () => {
    const i18n = await frenchInstance();
    expect(i18n.t('discovery:profile.about', { name: 'Amina' })).toBe('À propos d’Amina');
    expect(i18n.t('discovery:profile.about', { name: 'Kofi' })).toBe('À propos de Kofi');
    expect(i18n.t('discovery:profile.gallery.label', { name: 'Ibrahim' })).toBe('Photos d’Ibrahim');
    expect(i18n.t('chat:toast.label', { name: 'Emmanuel' })).toBe('Nouveau message d’Emmanuel');
  });

  // Every French text with a name is found here, so a new "de {{name}}" cannot slip through.
  it('is found in the French texts', () => {
    expect(textsWithName.length).toBeGreaterThan(20);
  });

  it.each(textsWithName)('%s elides before a vowel name and not before a consonant one', async (_, text) => {
    const i18n = await frenchInstance();
    for (const name of VOWEL_NAMES) {
      for (const shown of [name, isolate(name)]) {
        const rendered = render(i18n, text, shown);
        expect(rendered, `the text shows the name`).toContain(name);
        expect(before(rendered, name), `before ${name}`).not.toMatch(UNELIDED);
      }
    }
    for (const name of CONSONANT_NAMES) {
      const rendered = render(i18n, text, isolate(name));
      expect(before(rendered, name), `before ${name}`).not.toMatch(/[’']$/u);
    }
  });
});
