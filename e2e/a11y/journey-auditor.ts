/**
 * The accessibility check every journey gets from the runner (e2e/runner/journeys.mjs), without the
 * journey asking for it: every page of the journey's browser is watched, and axe-core audits it
 *  - at each checkpoint of the fixtures (`shot()` always; `expectHeading()` on a screen not audited yet),
 *  - before the page leaves a screen not audited yet (goto, reload, back, forward, close),
 *  - at the end of the journey, every page still open.
 * Screens are told apart by their URL, ids folded (`/profile/:id`). Serious and critical violations
 * fail the journey with their rule, elements and help page; moderate and minor ones are printed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { auditPage, isFailing, type Violation } from './axe-audit.ts';
import { formatFindings, type Finding } from './findings.ts';

const AUDIT_TIMEOUT_MS = 20_000;
const auditors = new WeakMap<Page, JourneyAuditor>();

/** A screen's name: its path and query, ids (UUIDs, long numbers) folded so that one screen is one name. */
export function screenOf(url: string): string | null {
  if (!/^https?:/.test(url)) return null;
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`.replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
    ':id',
  );
}

const LEAVING = ['goto', 'reload', 'goBack', 'goForward', 'close'] as const;

/** Pages with scripts turned off, which axe-core cannot run in: not audited, not counted as passed through. */
const scriptless = new WeakSet<Page>();

/** Leaves `page` out of the audits: it shows what the server sent with scripts turned off. */
export function auditNothingOf(page: Page): void {
  scriptless.add(page);
}

export class JourneyAuditor {
  readonly #findings = new Map<string, Finding>();
  readonly #audited = new Set<string>();
  readonly #visited = new Set<string>();
  readonly #problems: string[] = [];
  #audits = 0;
  #ms = 0;

  /** Watches every context and page the browser opens from now on. */
  watchBrowser(browser: Browser) {
    browser.on('context', (context) => this.watchContext(context));
  }

  watchContext(context: BrowserContext) {
    context.on('page', (page) => this.watchPage(page));
    const close = context.close.bind(context);
    context.close = async (...args) => {
      for (const page of context.pages()) await this.#auditIfNew(page);
      return close(...args);
    };
  }

  watchPage(page: Page) {
    auditors.set(page, this);
    page.on('framenavigated', (frame) => {
      const screen = frame === page.mainFrame() ? screenOf(frame.url()) : null;
      if (screen && !scriptless.has(page)) this.#visited.add(screen);
    });
    for (const method of LEAVING) {
      const original = (page[method] as (...args: unknown[]) => Promise<unknown>).bind(page);
      (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        await this.#auditIfNew(page);
        return original(...args);
      };
    }
  }

  /** A checkpoint of a journey: audits the page now (`always`), or only if its screen was never audited. */
  async checkpoint(page: Page, options: { always: boolean }) {
    if (options.always) await this.#audit(page);
    else await this.#auditIfNew(page);
  }

  /** The end of the journey: every page still open is audited as it is left. */
  async auditOpenPages(browser: Browser) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) await this.#audit(page);
    }
  }

  /** What to print under the journey, and the error that fails it (serious or critical violations). */
  verdict(): { lines: string[]; error: Error | null } {
    const findings = [...this.#findings.values()];
    const lines = [
      `accessibility: ${this.#audits} axe-core audits of ${this.#audited.size} screens in ${(this.#ms / 1000).toFixed(1)}s`,
      ...formatFindings(findings),
      ...this.#problems.map((problem) => `accessibility: could not audit ${problem}`),
    ];
    const missed = [...this.#visited].filter((screen) => !this.#audited.has(screen));
    if (missed.length) lines.push(`accessibility: passed through without a stop: ${missed.join(', ')}`);
    const failing = findings.filter(isFailing);
    if (failing.length) {
      const ids = [...new Set(failing.map((finding) => `${finding.id} (${finding.impact})`))];
      return { lines, error: bare(`accessibility: ${ids.join(', ')}; the elements are listed above`) };
    }
    // A check that never ran must not pass for one that found nothing.
    if (this.#audits === 0 && this.#visited.size > 0) {
      return { lines, error: bare('accessibility: no screen of this journey could be audited') };
    }
    return { lines, error: null };
  }

  async #auditIfNew(page: Page) {
    const screen = page.isClosed() ? null : screenOf(page.url());
    if (screen && !this.#audited.has(screen)) await this.#audit(page);
  }

  async #audit(page: Page) {
    if (page.isClosed() || scriptless.has(page)) return;
    const screen = screenOf(page.url());
    if (!screen) return;
    const begin = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${AUDIT_TIMEOUT_MS} ms`)), AUDIT_TIMEOUT_MS);
      });
      this.#record(screen, await Promise.race([auditPage(page), timeout]));
      this.#audits += 1;
      this.#audited.add(screen);
    } catch (error) {
      // The page navigated or closed during the audit: that screen is audited when it is met again.
      this.#problems.push(
        `${screen}: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
      );
    } finally {
      clearTimeout(timer);
      this.#ms += Date.now() - begin;
    }
  }

  #record(screen: string, violations: Violation[]) {
    for (const violation of violations) {
      violation.targets.forEach((target, index) => {
        const key = `${violation.id}\n${target}`;
        const finding = this.#findings.get(key) ?? {
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          helpUrl: violation.helpUrl,
          target,
          html: violation.html[index] ?? '',
          screens: new Set<string>(),
        };
        finding.screens.add(screen);
        this.#findings.set(key, finding);
      });
    }
  }
}

function bare(message: string): Error {
  const error = new Error(message);
  error.stack = message;
  return error;
}

/**
 * The checkpoint of the fixtures (shot, expectHeading). A page the runner does not watch is a harness
 * fault, not a page to skip: it throws.
 */
export async function checkpoint(page: Page, options: { always: boolean }) {
  const auditor = auditors.get(page);
  if (!auditor)
    throw new Error(
      `the accessibility check does not watch ${page.url()} (not opened in the runner's browser)`,
    );
  await auditor.checkpoint(page, options);
}
