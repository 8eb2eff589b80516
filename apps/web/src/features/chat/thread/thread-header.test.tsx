import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe, renderPage } from '../../../test/render-page.tsx';
import { OTHER, people } from '../chat-fixtures.tsx';
import { ThreadHeader } from './thread-header.tsx';

describe('ThreadHeader', () => {
  it('shows a recent activity whole, on two lines if it must, never cut by an ellipsis', async () => {
    const member = { ...people[OTHER], activity: 'week' as const, verified: false };
    renderPage(
      '/messages/c-1',
      <ThreadHeader member={member} otherTyping={false} importantOnly={false} onToggleImportant={() => {}} />,
      { me: buildMe() },
    );
    const status = await screen.findByText('Active this week');
    // Mantine's truncate is one line with an ellipsis; lineClamp 2 lets a long wording wrap once.
    expect(status.hasAttribute('data-truncate')).toBe(false);
    expect(status.style.getPropertyValue('--text-line-clamp')).toBe('2');
  });
});
