import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useNavigationState } from './navigation-state.ts';

function Shown() {
  const state = useNavigationState() as { back?: string } | null;
  return <p>{state?.back ?? 'none'}</p>;
}

const routerWith = (state: unknown) =>
  createMemoryRouter([{ path: '/post/:id', element: <Shown /> }], {
    initialEntries: [{ pathname: '/post/p-1', state }],
  });

describe("a painted page's navigation state", () => {
  it('is null while React takes the page over, as on the server, then the state the navigation carried', async () => {
    const html = renderToString(<RouterProvider router={routerWith(null)} />);
    expect(html).toContain('none');
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors = vi.fn();
    await act(async () => {
      hydrateRoot(container, <RouterProvider router={routerWith({ back: '/profile/k-1' })} />, {
        onRecoverableError: errors,
      });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toBe('/profile/k-1');
  });
});
