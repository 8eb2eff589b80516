import { act, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { keepTypedValues } from './prerendered-page.ts';

/** A language switch as the start page has it: a controlled select, its choice shown beside it. */
function Switch({ chosen }: { chosen: string[] }) {
  const [language, setLanguage] = useState('en');
  return (
    <div>
      <span data-testid="shown">{language.toUpperCase()}</span>
      <select
        aria-label="Language"
        value={language}
        onChange={(event) => {
          chosen.push(event.target.value);
          setLanguage(event.target.value);
        }}
      >
        <option value="en">English</option>
        <option value="fr">Français</option>
      </select>
    </div>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** The page as the build prerendered it, `before` done on it, then taken over as main.tsx does. */
async function takeOver(before: (select: HTMLSelectElement) => void) {
  const chosen: string[] = [];
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(<Switch chosen={[]} />);
  document.body.append(container);
  before(container.querySelector('select')!);
  const giveBack = keepTypedValues(container);
  root = await act(async () => hydrateRoot(container, <Switch chosen={chosen} />));
  giveBack();
  return { chosen, shown: () => container.querySelector('[data-testid="shown"]')!.textContent };
}

it('gives a choice made in a select before React took the page over to its onChange', async () => {
  // React takes a select over as it shows, its state left as it was: "fr" shown, the page in English.
  const page = await takeOver((select) => {
    select.value = 'fr';
  });
  await waitFor(() => expect(page.chosen).toEqual(['fr']));
  expect(page.shown()).toBe('FR');
});

it('gives nothing back when nothing was chosen', async () => {
  const page = await takeOver(() => {});
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(page.chosen).toEqual([]);
  expect(page.shown()).toBe('EN');
});
