import { Menu, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe('theme: menus', () => {
  it('hold only menu items, without Mantine focus placeholder (axe: aria-required-children)', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Menu defaultOpened withinPortal={false}>
          <Menu.Target>
            <button type="button">Options</button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Reply</Menu.Item>
            <Menu.Item>Copy</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </MantineProvider>,
    );
    const menu = await screen.findByRole('menu');
    const roles = [...menu.children].map((child) => child.getAttribute('role'));
    expect(roles).toEqual(['menuitem', 'menuitem']);
  });
});
