/**
 * B4's figures from the samples of every visit (page-load.bench.ts): the medians of the rounds for
 * each profile, page, visit and target, the table printed, and the QUALITY B4 bar rows.
 */
import { KINDS, emptyTotals, type ByteTotals } from './lib/byte-kinds.ts';
import { PROFILES } from './lib/browser.ts';
import { formatNumber, type BarRow } from './lib/results.ts';
import type { PageName } from './page-load-pages.ts';
import type { Visit } from './page-load-visit.ts';

export type Target = 'app' | 'reference';
export type VisitKind = 'cold' | 'repeat';
export type Sample = Omit<Visit, 'resources'> & {
  page: PageName;
  profile: string;
  target: Target;
  visit: VisitKind;
  round: number;
  /** Bytes the service worker fetched itself during the cold visit (precache), not throttled. */
  serviceWorkerBytes?: number;
};
/** What was run: the profiles and pages chosen, and how many rounds. */
export type Plan = { profileNames: (keyof typeof PROFILES)[]; pageNames: PageName[]; rounds: number };

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const pick = (samples: Sample[], page: PageName, profile: string, target: Target, kind: VisitKind) =>
  samples.filter((s) => s.page === page && s.profile === profile && s.target === target && s.visit === kind);
const seconds = (ms: number) => (Number.isNaN(ms) ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);

function summary(samples: Sample[], page: PageName, profile: string, target: Target, kind: VisitKind) {
  const chosen = pick(samples, page, profile, target, kind);
  const bytes = emptyTotals();
  for (const key of [...KINDS, 'total'] as (keyof ByteTotals)[])
    bytes[key] = median(chosen.map((sample) => sample.bytes[key]));
  return {
    lcpMs: median(chosen.map((s) => s.lcpMs)),
    usableMs: median(chosen.map((s) => s.usableMs)),
    cls: median(chosen.map((s) => s.cls)),
    requests: median(chosen.map((s) => s.requests)),
    bytes,
    lcpElement: chosen[0]?.lcpElement,
    controlled: chosen.every((s) => s.controlled),
  };
}

export type MedianRow = { profile: string; page: PageName; visit: VisitKind; target: Target } & ReturnType<
  typeof summary
>;

/** The medians of every profile, page, visit and target, printed as a table and returned. */
export function printMedians(samples: Sample[], { profileNames, pageNames }: Plan): MedianRow[] {
  const table: MedianRow[] = [];
  for (const profile of profileNames.map((name) => PROFILES[name].name))
    for (const page of pageNames)
      for (const kind of ['cold', 'repeat'] as const)
        for (const target of ['app', 'reference'] as const) {
          const s = summary(samples, page, profile, target, kind);
          table.push({ profile, page, visit: kind, target, ...s });
        }
  console.log('\nMedians of the rounds:');
  console.log(['profile', 'page', 'visit', 'target', 'LCP', 'usable', 'CLS', 'KB', 'requests'].join('\t'));
  for (const s of table) {
    console.log(
      [
        s.profile,
        s.page,
        s.visit,
        s.target,
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
function lcpMissing(samples: Sample[], page: PageName, profile: string): string {
  const chosen = samples.filter((s) => s.page === page && s.profile === profile && s.visit === 'cold');
  const reported = chosen.filter((s) => !Number.isNaN(s.lcpMs)).length;
  return reported === chosen.length ? '' : `, LCP reported in ${reported} of ${chosen.length} visits`;
}

/** The QUALITY B4 rows, on Regular 3G (the bar's profile), or the first profile run. */
export function barRows(samples: Sample[], { profileNames, pageNames, rounds }: Plan): BarRow[] {
  const profile = profileNames.includes('regular-3g')
    ? PROFILES['regular-3g'].name
    : PROFILES[profileNames[0]!].name;
  const rows: BarRow[] = [];
  const row = (
    what: string,
    app: number,
    ref: number,
    target: string,
    limit: number,
    format: (v: number) => string,
  ) =>
    rows.push({
      bar: 'B4',
      what: `${what} (${profile}, median of ${rounds})`,
      measured: format(app),
      reference: `${format(ref)} (static page, no JS)`,
      target,
      pass: app <= limit,
      value: app,
    });
  const has = (page: PageName) => pageNames.includes(page);
  if (has('start')) {
    row(
      `start page LCP, cold${lcpMissing(samples, 'start', profile)}`,
      summary(samples, 'start', profile, 'app', 'cold').lcpMs,
      summary(samples, 'start', profile, 'reference', 'cold').lcpMs,
      '<= 3.0 s',
      3000,
      seconds,
    );
  }
  if (has('home')) {
    row(
      'home usable, cold',
      summary(samples, 'home', profile, 'app', 'cold').usableMs,
      summary(samples, 'home', profile, 'reference', 'cold').usableMs,
      '<= 4.5 s',
      4500,
      seconds,
    );
  }
  for (const page of (['start', 'home'] as const).filter(has)) {
    row(
      `${page === 'start' ? 'start page' : page} usable, repeat visit`,
      summary(samples, page, profile, 'app', 'repeat').usableMs,
      summary(samples, page, profile, 'reference', 'repeat').usableMs,
      '<= 1.0 s (service worker)',
      1000,
      seconds,
    );
  }
  for (const page of (['start', 'home'] as const).filter(has)) {
    const worst = (target: Target) =>
      Math.max(
        summary(samples, page, profile, target, 'cold').cls,
        summary(samples, page, profile, target, 'repeat').cls,
      );
    row(
      `${page === 'start' ? 'start page' : page} CLS, worse of cold and repeat`,
      worst('app'),
      worst('reference'),
      '<= 0.02',
      0.02,
      (v) => v.toFixed(3),
    );
  }
  return rows;
}
