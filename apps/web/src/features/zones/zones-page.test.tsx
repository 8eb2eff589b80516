import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { CreateZonePage } from './zone-edit-pages.tsx';
import { buildZone, calls, stubApi } from './zones-fixtures.ts';
import { ZonesPage } from './zones-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const mine = buildZone({ role: 'admin' });
const other = buildZone({
  role: 'waiting',
  _id: '00000000-0000-4000-8000-00000000000b',
  title: 'Douala singles',
  name: 'doualasingles',
  access: 'private',
});
const lists = {
  'GET /api/zones/mine': [200, { zones: [mine], count: 1 }],
  'GET /api/zones/suggestions': [200, { zones: [other], count: 1 }],
} as const;

describe('ZonesPage', () => {
  it('starts its heading at the 16 px margin of the other pages on a phone, not 12 px', async () => {
    stubApi({ ...lists });
    renderPage('/zones', <ZonesPage />, { me: buildMe() });
    const frame = (await screen.findByRole('heading', { level: 1, name: 'Zones' })).closest<HTMLElement>(
      '.mantine-Container-root',
    );
    expect(frame?.style.paddingInline).toBe('var(--mantine-spacing-md)');
  });

  it('shows my zones and suggested ones, each leading to its page', async () => {
    stubApi({ ...lists });
    renderPage('/zones', <ZonesPage />, { me: buildMe() });
    const link = await screen.findByRole('link', { name: /Kinshasa runners/ });
    expect(link.getAttribute('href')).toBe(`/zone/${mine._id}`);
    expect(
      await screen.findByRole('link', { name: /Douala singles.*Private.*Waiting for an answer/ }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create' }).getAttribute('href')).toBe('/create-zone');
  });

  it('shows the zones near a member who shares a position, and asks none of one who does not', async () => {
    const close = buildZone({ _id: '00000000-0000-4000-8000-00000000000c', title: 'Gombe walkers' });
    const fetch = stubApi({
      ...lists,
      'GET /api/zones/suggestions': (_body, url) => [
        200,
        url.includes('near=true') ? { zones: [close], count: 1 } : { zones: [other], count: 1 },
      ],
    });
    const view = renderPage('/zones', <ZonesPage />, { me: buildMe({ locationShared: true }) });
    expect(await screen.findByRole('heading', { name: 'Near you' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Gombe walkers/ })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Douala singles/ })).toBeTruthy();
    view.unmount();
    fetch.mockClear();
    renderPage('/zones', <ZonesPage />, { me: buildMe({ locationShared: false }) });
    expect(await screen.findByRole('link', { name: /Douala singles/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Near you' })).toBeNull();
    expect(calls(fetch).some((call) => call.includes('near=true'))).toBe(false);
  });

  it('searches by title or name', async () => {
    const fetch = stubApi({ ...lists, 'GET /api/zones/search': [200, { zones: [other], count: 1 }] });
    renderPage('/zones', <ZonesPage />, { me: buildMe() });
    await userEvent.setup().type(screen.getByRole('searchbox', { name: /Search a zone/ }), 'doua');
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeTruthy();
    await vi.waitFor(() => expect(calls(fetch)).toContain('GET /api/zones/search?q=doua'));
    expect(await screen.findByRole('link', { name: /Douala singles/ })).toBeTruthy();
  });
});

describe('CreateZonePage', () => {
  it('shows the rules of a name under its field before sending', async () => {
    const fetch = stubApi({});
    renderPage('/create-zone', <CreateZonePage />, { me: buildMe() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Title/, { selector: 'input' }), 'Runners');
    await user.type(screen.getByLabelText(/^Name/, { selector: 'input' }), '1abc');
    await user.click(screen.getByRole('button', { name: 'Create the zone' }));
    const name = screen.getByLabelText(/^Name/, { selector: 'input' });
    await vi.waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    // Said of the zone's name, not of a username; the field to fix takes the focus, not the button.
    expect(screen.getByText('Name must start with a letter')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Create the zone' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.queryByText(/Username/)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('opens the new zone in the form’s place, so Back does not bring an empty form', async () => {
    stubApi({ 'POST /api/zones': [201, buildZone({ _id: 'z-new', role: 'admin' })] });
    const { router } = renderPage('/create-zone', <CreateZonePage />, { me: buildMe() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Title/, { selector: 'input' }), 'Runners');
    await user.type(screen.getByLabelText(/^Name/, { selector: 'input' }), 'runners');
    await user.click(screen.getByRole('button', { name: 'Create the zone' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/zone/z-new'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows a taken name under its field, and sends a private zone's questions", async () => {
    const fetch = stubApi({
      'POST /api/zones': [
        400,
        {
          code: 'validation_failed',
          message: 'x',
          issues: [{ path: 'name', code: 'zone_name_taken', message: 'x' }],
        },
      ],
    });
    renderPage('/create-zone', <CreateZonePage />, { me: buildMe() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Title/, { selector: 'input' }), 'Runners');
    await user.type(screen.getByLabelText(/^Name/, { selector: 'input' }), 'runners');
    await user.click(screen.getByRole('radio', { name: /Private/ }));
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.type(screen.getByLabelText(/Question 1/, { selector: 'input' }), 'Why do you run?');
    await user.click(screen.getByRole('button', { name: 'Create the zone' }));
    expect(await screen.findByText('This zone name is already taken')).toBeTruthy();
    const name = screen.getByLabelText(/^Name/, { selector: 'input' });
    const described = name.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'This zone name is already taken',
    );
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toMatchObject({
      title: 'Runners',
      name: 'runners',
      access: 'private',
      questions: ['Why do you run?'],
    });
  });
});
