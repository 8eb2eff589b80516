/**
 * B6's figures from one session's wire entries and what its screens showed: bytes by kind for the
 * first visit and the whole session, per step, the heaviest and the repeated requests, the largest
 * avatar thumbnail, and the "useful bytes shown" reference.
 */
import type { SessionMarks, Shown } from './session-run.ts';
import { KINDS } from './lib/byte-kinds.ts';
import { sumByKind, total, type ByKind, type WireEntry } from './session-wire.ts';

export const KB = 1024;
export const kb = (bytes: number, digits = 1) =>
  `${(bytes / KB).toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits })} KB`;

export type SessionFigures = {
  mode: 'off' | 'on';
  round: number;
  firstVisit: ByKind & { total: number; withoutPhotos: number };
  session: ByKind & { total: number };
  steps: { name: string; bytes: ByKind & { total: number }; ms: number }[];
  requests: number;
  frames: { in: number; out: number };
  /** The largest 160 px variant (the avatar thumbnail) received: its body and URL. */
  largestThumbnail: { body: number; url: string };
  thumbnails: { count: number; medianBody: number };
  useful: { text: number; photos: number; total: number; firstVisitText: number; photosShown: number };
  /** URLs received more than once (status and bytes each time). */
  repeated: { url: string; times: number; bytes: number }[];
  heaviest: { url: string; kind: string; bytes: number; from: string }[];
  photoVariants: Record<string, { count: number; bytes: number }>;
  /** Bytes the service worker fetched itself (its precache of the app), first visit and session. */
  serviceWorker: { firstVisit: number; session: number };
  /** The app's files received in the first visit (page and service worker), heaviest first. */
  firstVisitFiles: { url: string; kind: string; bytes: number; from: string }[];
  /** API calls by path (query included): how many and their bytes. */
  api: { path: string; times: number; bytes: number }[];
  /** Socket.IO frames by direction and event. */
  socketEvents: { event: string; frames: number; bytes: number }[];
  marks: Omit<SessionMarks, 'steps' | 'firstVisitLines'>;
};

const withTotal = (sums: ByKind) => ({ ...sums, total: total(sums) });
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/** The smallest served variant of each photo shown (what the reference counts for a photo). */
export type SmallestVariant = (photoId: string) => Promise<number>;

export async function figures(
  mode: 'off' | 'on',
  round: number,
  entries: readonly WireEntry[],
  marks: SessionMarks,
  shown: Shown,
  firstVisitLines: readonly string[],
  smallest: SmallestVariant,
): Promise<SessionFigures> {
  const firstVisitEnd = marks.steps[0]?.entries ?? entries.length;
  const first = sumByKind(entries.slice(0, firstVisitEnd));
  const steps = marks.steps.map((step, index) => ({
    name: step.name,
    ms: step.ms,
    bytes: withTotal(
      sumByKind(entries.slice(index === 0 ? 0 : marks.steps[index - 1]!.entries, step.entries)),
    ),
  }));
  const http = entries.filter((entry) => !entry.from.startsWith('frame'));

  const thumbnails = http.filter((entry) =>
    /\/api\/media\/[^/]+\/160\.(webp|avif)$/.test(new URL(entry.url).pathname),
  );
  const bodies = thumbnails.map((entry) => entry.body || entry.bytes).sort((a, b) => a - b);
  const largest = thumbnails.reduce<WireEntry | undefined>(
    (best, entry) => ((entry.body || entry.bytes) > (best ? best.body || best.bytes : -1) ? entry : best),
    undefined,
  );

  const byUrl = new Map<string, { times: number; bytes: number }>();
  for (const entry of http) {
    const key = `${entry.from === 'worker' ? 'sw ' : ''}${pathOf(entry.url)}`;
    const found = byUrl.get(key) ?? { times: 0, bytes: 0 };
    found.times += 1;
    found.bytes += entry.bytes;
    byUrl.set(key, found);
  }
  const repeated = [...byUrl.entries()]
    .filter(([, value]) => value.times > 1)
    .map(([url, value]) => ({ url, ...value }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 15);

  const photoVariants: Record<string, { count: number; bytes: number }> = {};
  for (const entry of http.filter((item) => item.kind === 'photo')) {
    const variant = new URL(entry.url).pathname.split('/').pop()!;
    const found = (photoVariants[variant] ??= { count: 0, bytes: 0 });
    found.count += 1;
    found.bytes += entry.bytes;
  }

  const group = <T extends WireEntry>(items: T[], keyOf: (item: T) => string) => {
    const map = new Map<string, { times: number; bytes: number }>();
    for (const item of items) {
      const found = map.get(keyOf(item)) ?? { times: 0, bytes: 0 };
      found.times += 1;
      found.bytes += item.bytes;
      map.set(keyOf(item), found);
    }
    return [...map.entries()].sort((a, b) => b[1].bytes - a[1].bytes);
  };
  const api = group(
    http.filter((entry) => entry.kind === 'api-json'),
    (entry) => pathOf(entry.url),
  ).map(([path, value]) => ({ path, ...value }));
  const socketEvents = group(
    entries.filter((entry) => entry.from.startsWith('frame')),
    (entry) => `${entry.from === 'frame-in' ? 'in ' : 'out'} ${entry.event ?? ''}`,
  ).map(([event, value]) => ({ event, frames: value.times, bytes: value.bytes }));
  const worker = (items: readonly WireEntry[]) =>
    items.filter((entry) => entry.from === 'worker').reduce((sum, entry) => sum + entry.bytes, 0);

  const utf8 = (lines: Iterable<string>) =>
    [...lines].reduce((sum, line) => sum + Buffer.byteLength(line), 0);
  let photoBytes = 0;
  for (const id of shown.photos.keys()) photoBytes += await smallest(id);
  const text = utf8(shown.lines);

  return {
    mode,
    round,
    firstVisit: { ...withTotal(first), withoutPhotos: total(first) - first.photo },
    session: withTotal(sumByKind(entries)),
    steps,
    requests: http.length,
    frames: {
      in: entries.filter((entry) => entry.from === 'frame-in').length,
      out: entries.filter((entry) => entry.from === 'frame-out').length,
    },
    largestThumbnail: {
      body: largest ? largest.body || largest.bytes : 0,
      url: largest ? pathOf(largest.url) : '',
    },
    thumbnails: { count: bodies.length, medianBody: bodies[Math.floor(bodies.length / 2)] ?? 0 },
    useful: {
      text,
      photos: photoBytes,
      total: text + photoBytes,
      firstVisitText: utf8(firstVisitLines),
      photosShown: shown.photos.size,
    },
    repeated,
    heaviest: [...http]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 12)
      .map((entry) => ({ url: pathOf(entry.url), kind: entry.kind, bytes: entry.bytes, from: entry.from })),
    photoVariants,
    serviceWorker: { firstVisit: worker(entries.slice(0, firstVisitEnd)), session: worker(entries) },
    firstVisitFiles: entries
      .slice(0, firstVisitEnd)
      .filter((entry) => ['html', 'js', 'css', 'other', 'image'].includes(entry.kind))
      .sort((a, b) => b.bytes - a.bytes)
      .map((entry) => ({ url: pathOf(entry.url), kind: entry.kind, bytes: entry.bytes, from: entry.from })),
    api: api.slice(0, 25),
    socketEvents,
    marks: {
      cardsSeen: marks.cardsSeen,
      profilesOpened: marks.profilesOpened,
      galleryPhotos: marks.galleryPhotos,
      swiped: marks.swiped,
      messages: marks.messages,
    },
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One line per kind: off and on side by side (medians of the rounds). */
export function printKinds(
  title: string,
  rows: { off: (ByKind & { total: number })[]; on: (ByKind & { total: number })[] },
): void {
  console.log(`\n${title}`);
  console.log(
    `${'kind'.padEnd(10)}${'data saver off'.padStart(16)}${'data saver on'.padStart(16)}${'difference'.padStart(14)}`,
  );
  for (const kind of [...KINDS, 'total'] as const) {
    const off = rows.off.length ? median(rows.off.map((row) => row[kind])) : Number.NaN;
    const on = rows.on.length ? median(rows.on.map((row) => row[kind])) : Number.NaN;
    console.log(
      `${kind.padEnd(10)}${kb(off).padStart(16)}${kb(on).padStart(16)}${kb(on - off).padStart(14)}`,
    );
  }
}
