import { Menu, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mainLandmarkPortal } from './main-landmark-portal.ts';
import { theme } from './theme.ts';

afterEach(() => document.body.replaceChildren());

function MenuInPage() {
  return (
    <Menu withinPortal portalProps={mainLandmarkPortal()}>
      <Menu.Target>
        <button type="button">Options</button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>Reply</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

describe('mainLandmarkPortal', () => {
  it('opens a menu inside the page’s main landmark (axe: region), not at the end of the body', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <main>
          <MenuInPage />
        </main>
      </MantineProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Options' }));
    expect((await screen.findByRole('menuitem', { name: 'Reply' })).closest('main')).not.toBeNull();
  });

  it('keeps Mantine’s own node where a page has no main landmark', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <MenuInPage />
      </MantineProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Options' }));
    expect(await screen.findByRole('menuitem', { name: 'Reply' })).toBeTruthy();
  });
});
