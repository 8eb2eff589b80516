/**
 * The `from` query the navigation guard adds (`/?from=/some/page`), kept only when it is a path of this
 * site: anything else (`//evil.example`, `https://…`, `/\evil`) could turn the login into an open redirect.
 */
export function safeFrom(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (a tab or newline inside `/\t/evil`) are dropped by URL parsers: refuse them.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return value;
}

/** `/login`, with the page to come back to when there is one. */
export function loginPath(from: string | null): string {
  return from ? `/login?from=${encodeURIComponent(from)}` : '/login';
}

/** `/register`, with the page to open once the account is ready when there is one. */
export function registerPath(from: string | null): string {
  return from ? `/register?from=${encodeURIComponent(from)}` : '/register';
}
