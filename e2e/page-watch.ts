import type { Page } from 'playwright-core';

/** React's words for a page it could not take over as painted (its dev texts, or the production codes). */
export const HYDRATION_ERROR = /hydrat|#418|#423|#425/i;

/**
 * What `page` does from now on: its API calls (`calls`, as "METHOD /path?query"), their answers
 * (`answers`, "METHOD /path STATUS") and its console errors and uncaught errors (`errors`).
 */
export function watch(page: Page) {
  const calls: string[] = [];
  const answers: string[] = [];
  const errors: string[] = [];
  const apiCall = (method: string, address: string) => {
    const url = new URL(address);
    return url.pathname.startsWith('/api/') ? `${method} ${url.pathname}${url.search}` : null;
  };
  page.on('request', (request) => {
    const call = apiCall(request.method(), request.url());
    if (call) calls.push(call);
  });
  page.on('response', (response) => {
    const call = apiCall(response.request().method(), response.url());
    if (call) answers.push(`${call} ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    const call = apiCall(request.method(), request.url());
    if (call) answers.push(`${call} failed: ${request.failure()?.errorText ?? 'no answer'}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { calls, answers, errors };
}
