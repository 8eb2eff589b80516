import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../ui/theme.ts';
import { LEGAL_PATHS, type LegalDoc } from './legal-content.ts';
import { LegalPage } from './legal-page.tsx';

// Through a glob, as test-setup.ts does, so the JSON stays out of the TypeScript project.
const frPublic = Object.values(
  import.meta.glob<Record<string, unknown>>('../../locales/fr/public.json', {
    eager: true,
    import: 'default',
  }),
)[0]!;

function renderLegal(doc: LegalDoc, url: string = LEGAL_PATHS[doc]) {
  const router = createMemoryRouter([{ path: LEGAL_PATHS[doc], element: <LegalPage doc={doc} /> }], {
    initialEntries: [url],
  });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const title = () => screen.findByRole('heading', { level: 1 });

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('LegalPage', () => {
  it('shows the terms with their date, a table of contents and the related documents', async () => {
    renderLegal('terms');
    expect((await title()).textContent).toBe('Terms and conditions');
    expect(screen.getByText('Last updated: November 21, 2026')).toBeTruthy();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const entries = within(contents).getAllByRole('link');
    expect(entries.length).toBe(screen.getAllByRole('heading', { level: 2 }).length);
    for (const entry of entries) {
      const id = entry.getAttribute('href')!.slice(1);
      expect(document.getElementById(id)?.textContent).toBe(entry.textContent);
    }
    const related = screen.getByRole('navigation', { name: 'Related documents' });
    expect(within(related).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy-policy?from=terms-and-conditions',
    );
    expect(screen.getAllByRole('link', { name: 'support@motema.app' })[0]?.getAttribute('href')).toBe(
      'mailto:support@motema.app',
    );
  });

  it('shows the terms in French with ?lang=fr, whatever the interface language', async () => {
    renderLegal('terms', '/terms-and-conditions?lang=fr');
    expect((await title()).textContent).toBe('Conditions générales d’utilisation');
    expect(screen.getByRole('article').getAttribute('lang')).toBe('fr');
  });

  it('ignores a language other than en or fr', async () => {
    renderLegal('terms', '/terms-and-conditions?lang=ro');
    expect((await title()).textContent).toBe('Terms and conditions');
  });

  it('offers the way back to the terms when the privacy policy was opened from them', async () => {
    renderLegal('privacy', '/privacy-policy?from=terms-and-conditions');
    expect((await title()).textContent).toBe('Privacy policy');
    expect(screen.getByRole('link', { name: 'Back to the terms and conditions' }).getAttribute('href')).toBe(
      '/terms-and-conditions',
    );
  });

  it('has no way back nor contents for a short document opened directly', async () => {
    renderLegal('cookies');
    expect((await title()).textContent).toBe('Cookie policy');
    expect(screen.queryByRole('link', { name: 'Back to the terms and conditions' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Contents' })).toBeNull();
  });

  it('follows the interface language when it changes', async () => {
    i18next.addResourceBundle('fr', 'public', frPublic);
    renderLegal('about');
    expect((await title()).textContent).toBe('About Motema');
    await act(() => i18next.changeLanguage('fr'));
    expect(await screen.findByRole('heading', { level: 1, name: 'À propos de Motema' })).toBeTruthy();
    expect(screen.getByText(/^Dernière mise à jour\s: 21 novembre 2026$/)).toBeTruthy();
  });
});
