import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PAINTED_ANSWERS_ID,
  paintedAnswersJson,
  SERVER_PAINTED_ATTRIBUTE,
  takePaintedAnswers,
  type PaintedAnswers,
} from './server-painted.ts';

const ANSWERS: PaintedAnswers = [
  [['users', 'profile'], { _id: 'a', firstName: 'Awa' }],
  [['users', 'list', 'connected'], { users: [{ _id: 'k', firstName: '</script><b>Kofi' }] }],
];

function page(root: string, answers = paintedAnswersJson(ANSWERS)): HTMLElement {
  document.body.innerHTML = `${root}<script type="application/json" id="${PAINTED_ANSWERS_ID}">${answers}</script>`;
  return document.getElementById('root')!;
}

describe('a page the server painted', () => {
  afterEach(() => (document.body.innerHTML = ''));

  it('gives the cache the answers it was drawn from, fresh, and names its path', () => {
    const client = new QueryClient();
    const root = page(`<div id="root" ${SERVER_PAINTED_ATTRIBUTE}="/home"><main></main></div>`);
    expect(takePaintedAnswers(root, client)).toBe('/home');
    expect(client.getQueryData(['users', 'profile'])).toEqual({ _id: 'a', firstName: 'Awa' });
    const list = client.getQueryState(['users', 'list', 'connected']);
    expect(list?.data).toEqual(ANSWERS[1]![1]);
    expect(Date.now() - (list?.dataUpdatedAt ?? 0)).toBeLessThan(60_000);
  });

  it('carries a text that reads like a closing tag without ending its script element', () => {
    const json = paintedAnswersJson(ANSWERS);
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual(ANSWERS);
  });

  it('leaves the cache alone for any other page', () => {
    const client = new QueryClient();
    const root = page('<div id="root" data-prerendered="/"></div>');
    expect(takePaintedAnswers(root, client)).toBeNull();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
