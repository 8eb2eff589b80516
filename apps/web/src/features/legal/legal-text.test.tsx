import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LegalText } from './legal-text.tsx';

describe('LegalText', () => {
  it('makes e-mail addresses into mailto links and leaves the rest as text', () => {
    const html = renderToStaticMarkup(
      <LegalText text="Write to support@motema.app or privacy@motema.app." />,
    );
    expect(html).toBe(
      'Write to <a href="mailto:support@motema.app">support@motema.app</a> or ' +
        '<a href="mailto:privacy@motema.app">privacy@motema.app</a>.',
    );
  });

  it('keeps a sentence without an address as it is', () => {
    expect(renderToStaticMarkup(<LegalText text="No address <here>." />)).toBe('No address &lt;here&gt;.');
  });
});
