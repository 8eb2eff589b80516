import { frenchTypographyFaults } from '@motema/shared/french-typography';
import { describe, expect, it } from 'vitest';

/** Every French text of the app, found through Vite's glob import: a new file or key is checked too. */
const files = import.meta.glob<Record<string, unknown>>('./fr/*.json', { eager: true, import: 'default' });
const legal = import.meta.glob<Record<string, unknown>>('../features/legal/content/fr/*.json', {
  eager: true,
  import: 'default',
});

function leaves(tree: unknown, prefix: string): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([key, value]) => leaves(value, `${prefix}.${key}`));
  return [];
}

const texts = Object.entries({ ...files, ...legal }).flatMap(([path, content]) =>
  leaves(content, path.replace(/^.*\/(\w+)\.json$/, '$1')),
);

describe('French typography', () => {
  it('finds the French texts', () => {
    expect(texts.length).toBeGreaterThan(300);
  });

  it('is kept by every French text (’, no-break spaces before : ; ! ? » and after numbers, no "(e)")', () => {
    const faults = texts.flatMap(([key, text]) =>
      frenchTypographyFaults(text).map((fault) => `${key}: ${fault}: ${JSON.stringify(text)}`),
    );
    expect(faults).toEqual([]);
  });

  it('catches each fault', () => {
    expect(frenchTypographyFaults('Nom d’utilisateur')).toEqual([]);
    expect(frenchTypographyFaults("Nom d'utilisateur")).toHaveLength(1);
    expect(frenchTypographyFaults('Bloquer {{name}}\u202f?')).toEqual([]);
    expect(frenchTypographyFaults('Bloquer {{name}} ?')).toHaveLength(1);
    expect(frenchTypographyFaults('Ou confirmez en un clic:')).toHaveLength(1);
    expect(frenchTypographyFaults('E-mail actuel\u00a0: {{email}}')).toEqual([]);
    expect(frenchTypographyFaults('« Message retiré »')).toHaveLength(2);
    expect(frenchTypographyFaults('{{name}}, {{age}} ans')).toHaveLength(1);
    expect(frenchTypographyFaults('{{name}}, {{age}}\u00a0ans')).toEqual([]);
    expect(frenchTypographyFaults('à moins de 5 km')).toHaveLength(1);
    expect(frenchTypographyFaults('{{count}} / {{max}} photos')).toHaveLength(2);
    // "0 / 500 caractères" wrapped after "/" on a phone.
    expect(frenchTypographyFaults('{{length}} / {{max}}\u00a0caractères')).toHaveLength(1);
    expect(frenchTypographyFaults('{{length}}\u00a0/\u00a0{{max}}\u00a0caractères')).toEqual([]);
    expect(frenchTypographyFaults('3 /12')).toHaveLength(1);
    expect(frenchTypographyFaults('{{name}} n’est pas prévenu(e).')).toHaveLength(1);
    expect(frenchTypographyFaults('Lien\u00a0: https://motema.example/otp?token=a')).toEqual([]);
  });
});
