import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isolate, MemberText } from './member-text.tsx';

/** A first name stored before the server refused direction overrides: shows as "Police". */
const REVERSED = '\u202EeciloP';

describe('MemberText', () => {
  it('shows a name in a <bdi dir="auto">, which the browser isolates from what follows', () => {
    render(
      <p>
        <MemberText>{REVERSED}</MemberText>, 27
      </p>,
    );
    const name = screen.getByText(REVERSED);
    expect(name.tagName).toBe('BDI');
    expect(name.getAttribute('dir')).toBe('auto');
    // ", 27" stays outside the isolated element: the override inside cannot reach it.
    expect(name.parentElement!.textContent).toBe(`${REVERSED}, 27`);
    expect(name.textContent).toBe(REVERSED);
  });

  it('shows prose as a block in its own direction', () => {
    render(<MemberText block>{'שלום, see you at 8'}</MemberText>);
    const text = screen.getByText('שלום, see you at 8');
    expect(text.tagName).toBe('DIV');
    expect(text.getAttribute('dir')).toBe('auto');
  });
});

describe('isolate', () => {
  it('wraps text for a sentence between FSI and PDI (UAX #9: the PDI also closes an override left open)', () => {
    expect(isolate('Zola')).toBe('\u2068Zola\u2069');
    expect(isolate(REVERSED)).toBe('\u2068\u202EeciloP\u2069');
  });
});
