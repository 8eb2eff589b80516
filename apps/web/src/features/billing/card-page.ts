/**
 * Sends the browser to the provider's hosted card page: card numbers never touch Motema (P14). An
 * object, so the tests can see where the wizard sent the browser without leaving their page.
 */
export const cardPage = { open: (url: string) => window.location.assign(url) };
