/**
 * B4's figures from the samples of every visit (page-load.bench.ts): the medians of the rounds for
 * each profile, page, visit and target (the app over each protocol run, the reference), the table
 * printed, and the QUALITY B4 bar rows (for each protocol the app was measured over).
 */
import { KINDS, emptyTotals, type ByteTotals } from './lib/byte-kinds.ts';
import { PROFILES } from './lib/browser.ts';
import { formatNumber, type BarRow } from './lib/results.ts';
import type { PageName } from './page-load-pages.ts';
import type { Visit } from './page-load-visit.ts';

export type Target = 'app' | 'reference';
/** The protocol Chromium spoke to the app (over TLS, ALPN); the reference is always plain HTTP/1.1. */
export type Protocol = 'http1' | 'http2';
export const PROTOCOL_LABELS: Record<Protocol, string> = { http1: 'HTTP/1.1', http2: 'HTTP/2' };
export type VisitKind = 'cold' | 'repeat';
/** How the bar rows name each page. */
const PAGE_LABELS: Record<PageName, string> = {
  start: 'start page',
  login: 'login',
  home: 'home',
  post: 'shared public post',
  profile: 'public profile',
};
export type Sample = Omit<Visit, 'resources'> & {
  page: PageName;
  profile: string;
  target: Target;
  /** The app's samples only. */
  protocol?: Protocol;
  visit: VisitKind;
  round: number;
  /** Bytes the service worker fetched itself during the cold visit (precache), not throttled. */
  serviceWorkerBytes?: number;
};
/** What was run: the profiles and pages chosen, and how many rounds. */
export type Plan = {
  profileNames: (keyof typeof PROFILES)[];
  pageNames: PageName[];
  rounds: number;
  protocols: Protocol[];
};
/** One line of the table: the app over one protocol, or the reference (no protocol). */
type Series = { target: Target; protocol?: Protocol };
const seriesOf = (protocols: Protocol[]): Series[] => [
  ...protocols.map((protocol) => ({ target: 'app' as const, protocol })),
  { target: 'reference' },
];
const seriesLabel = ({ target, protocol }: Series) =>
  protocol ? `${target} ${PROTOCOL_LABELS[protocol]}` : target;

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const pick = (samples: Sample[], page: PageName, profile: string, series: Series, kind: VisitKind) =>
  samples.filter(
    (s) =>
      s.page === page &&
      s.profile === profile &&
      s.target === series.target &&
      s.protocol === series.protocol &&
      s.visit === kind,
  );
const seconds = (ms: number) => (Number.isNaN(ms) ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);

function summary(samples: Sample[], page: PageName, profile: string, series: Series, kind: VisitKind) {
  const chosen = pick(samples, page, profile, series, kind);
  const bytes = emptyTotals();
  for (const key of [...KINDS, 'total'] as (keyof ByteTotals)[])
    bytes[key] = median(chosen.map((sample) => sample.bytes[key]));
  return {
    fcpMs: median(chosen.map((s) => s.fcpMs)),
    lcpMs: median(chosen.map((s) => s.lcpMs)),
    usableMs: median(chosen.map((s) => s.usableMs)),
    cls: median(chosen.map((s) => s.cls)),
    requests: median(chosen.map((s) => s.requests)),
    bytes,
    lcpElement: chosen[0]?.lcpElement,
    controlled: chosen.every((s) => s.controlled),
  };
}

export type MedianRow = {
  profile: string;
  page: PageName;
  visit: VisitKind;
  target: Target;
  protocol?: Protocol;
} & ReturnType<typeof summary>;

/** The medians of every profile, page, visit and target, printed as a table and returned. */
export function printMedians(samples: Sample[], { profileNames, pageNames, protocols }: Plan): MedianRow[] {
  const table: MedianRow[] = [];
  for (const profile of profileNames.map((name) => PROFILES[name].name))
    for (const page of pageNames)
      for (const kind of ['cold', 'repeat'] as const)
        for (const series of seriesOf(protocols)) {
          const s = summary(samples, page, profile, series, kind);
          table.push({ profile, page, visit: kind, ...series, ...s });
        }
  console.log('\nMedians of the rounds:');
  console.log(
    ['profile', 'page', 'visit', 'target', 'FCP', 'LCP', 'usable', 'CLS', 'KB', 'requests'].join('\t'),
  );
  for (const s of table) {
    console.log(
      [
        s.profile,
        s.page,
        s.visit,
        seriesLabel(s),
        seconds(s.fcpMs),
        seconds(s.lcpMs),
        seconds(s.usableMs),
        s.cls.toFixed(3),
        formatNumber(s.bytes.total / 1024, 1),
        s.requests,
      ].join('\t'),
    );
  }
  return table;
}

/** ', LCP reported in k of n visits' when headless Chromium gave no paint timing for some. */
function lcpMissing(samples: Sample[], page: PageName, profile: string, series: Series): string {
  const chosen = pick(samples, page, profile, series, 'cold');
  const reported = chosen.filter((s) => !Number.isNaN(s.lcpMs)).length;
  return reported === chosen.length ? '' : `, LCP reported in ${reported} of ${chosen.length} visits`;
}

/**
 * The QUALITY B4 rows, on Regular 3G (the bar's profile), or the first profile run: one set for each
 * protocol the app was measured over, each against the same reference.
 */
export function barRows(samples: Sample[], plan: Plan): BarRow[] {
  return plan.protocols.flatMap((protocol) => protocolBarRows(samples, plan, protocol));
}

function protocolBarRows(
  samples: Sample[],
  { profileNames, pageNames, rounds }: Plan,
  protocol: Protocol,
): BarRow[] {
  const profile = profileNames.includes('regular-3g')
    ? PROFILES['regular-3g'].name
    : PROFILES[profileNames[0]!].name;
  const app: Series = { target: 'app', protocol };
  const reference: Series = { target: 'reference' };
  const rows: BarRow[] = [];
  const row = (
    what: string,
    appValue: number,
    ref: number,
    target: string,
    limit: number,
    format: (v: number) => string,
  ) =>
    rows.push({
      bar: 'B4',
      what: `${what}, ${PROTOCOL_LABELS[protocol]} (${profile}, median of ${rounds})`,
      measured: format(appValue),
      reference: `${format(ref)} (static page, no JS)`,
      target,
      pass: appValue <= limit,
      value: appValue,
    });
  const has = (page: PageName) => pageNames.includes(page);
  const cold = (page: PageName, metric: 'lcpMs' | 'usableMs' | 'fcpMs') =>
    [
      summary(samples, page, profile, app, 'cold')[metric],
      summary(samples, page, profile, reference, 'cold')[metric],
    ] as const;
  if (has('start')) {
    const [value, ref] = cold('start', 'lcpMs');
    row(
      `start page LCP, cold${lcpMissing(samples, 'start', profile, app)}`,
      value,
      ref,
      '<= 3.0 s',
      3000,
      seconds,
    );
  }
  if (has('home')) {
    row('home usable, cold', ...cold('home', 'usableMs'), '<= 4.5 s', 4500, seconds);
    row('home FCP, cold', ...cold('home', 'fcpMs'), '<= 2.5 s', 2500, seconds);
  }
  // A link shared with someone who has no account: the page as a visitor opens it the first time.
  for (const page of (['post', 'profile'] as const).filter(has)) {
    const what = page === 'post' ? 'shared public post' : 'public profile';
    const [value, ref] = cold(page, 'lcpMs');
    row(
      `${what} LCP, cold, a visitor${lcpMissing(samples, page, profile, app)}`,
      value,
      ref,
      '<= 3.0 s',
      3000,
      seconds,
    );
  }
  for (const page of (['start', 'home'] as const).filter(has)) {
    row(
      `${page === 'start' ? 'start page' : page} usable, repeat visit`,
      summary(samples, page, profile, app, 'repeat').usableMs,
      summary(samples, page, profile, reference, 'repeat').usableMs,
      '<= 1.0 s (service worker)',
      1000,
      seconds,
    );
  }
  // CLS everywhere: every page run.
  for (const page of pageNames) {
    const worst = (series: Series) =>
      Math.max(
        summary(samples, page, profile, series, 'cold').cls,
        summary(samples, page, profile, series, 'repeat').cls,
      );
    row(
      `${PAGE_LABELS[page]} CLS, worse of cold and repeat`,
      worst(app),
      worst(reference),
      '<= 0.02',
      0.02,
      (v) => v.toFixed(3),
    );
  }
  return rows;
}
