import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render-page.tsx';
import { PublicLayout } from './public-layout.tsx';

beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => {})));
afterEach(() => vi.unstubAllGlobals());

const headerLogin = () => screen.getByRole('link', { name: 'Log in' }).getAttribute('href');

it('passes the page the guard sent a visitor from on to the log-in of its header', () => {
  renderPage('/', <PublicLayout />, { url: '/?from=%2Fpremium%2Fpartnership', me: null });
  expect(headerLogin()).toBe('/login?from=%2Fpremium%2Fpartnership');
});

it('leads to the plain log-in without a page to come back to, or with one off the site', () => {
  const plain = renderPage('/', <PublicLayout />, { me: null });
  expect(headerLogin()).toBe('/login');
  plain.unmount();
  renderPage('/', <PublicLayout />, { url: '/?from=%2F%2Fevil.example', me: null });
  expect(headerLogin()).toBe('/login');
});
