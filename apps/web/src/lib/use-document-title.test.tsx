import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NEUTRAL_TITLE, setNeutralTitles, useDocumentTitle } from './use-document-title.ts';

function Titled({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

afterEach(() => setNeutralTitles(false));

describe('useDocumentTitle in discreet mode', () => {
  it('names the tab "Motema" only while discreet mode is on, whatever the page asks, and the page’s title after', () => {
    document.title = 'Home · Motema';
    const { rerender, unmount } = render(<Titled title="Chat with Amani" />);
    expect(document.title).toBe('Chat with Amani');

    act(() => setNeutralTitles(true));
    expect(document.title).toBe(NEUTRAL_TITLE);
    rerender(<Titled title="Chat with Kwame" />);
    expect(document.title).toBe('Motema');
    // Leaving the page does not bring back a name either.
    unmount();
    expect(document.title).toBe('Motema');

    render(<Titled title="Chat with Amani" />);
    expect(document.title).toBe('Motema');
    act(() => setNeutralTitles(false));
    expect(document.title).toBe('Chat with Amani');
  });
});
