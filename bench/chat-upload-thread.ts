/**
 * B7's and B9's uploads (chat-uploads.ts) on a thread of their own: this process's event loop times the
 * deliveries, and sending a 57 MB clip, reading its answers and polling its encode there stood it still
 * 200 to 260 ms in B9's worst windows, counted against the app. The thread runs the upload loops and
 * tells each upload sent, answered and failed; the main thread keeps the counts (UploadRun).
 */
import { Worker } from 'node:worker_threads';

/** The upload loops, plain JavaScript (an eval'd worker has no TypeScript loader). */
const LOOPS = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, kind, members, headers, payload, concurrency, perMember, pollMs } = workerData;
let stopping = false;
let next = 0;
parentPort.on('message', () => { stopping = true; });
const tell = (...message) => parentPort.postMessage(message);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// A photo to a conversation (201), the next right after.
async function photo(member, answered) {
  const started = performance.now();
  const res = await fetch(url + '/api/conversations/' + member.conversationId + '/files', {
    method: 'POST', headers: { ...headers, cookie: member.cookie }, body: payload,
  });
  answered();
  if (res.status === 201) tell('uploaded', performance.now() - started);
  else tell('failed', res.status + ' ' + (await res.text()).slice(0, 120));
}
// A clip for a post (202 processing), followed until encoded or failed.
async function video(member, answered) {
  const started = performance.now();
  const res = await fetch(url + '/api/media/uploads', {
    method: 'POST', headers: { ...headers, cookie: member.cookie }, body: payload,
  });
  answered();
  if (res.status !== 202) return tell('failed', res.status + ' ' + (await res.text()).slice(0, 120));
  let item = await res.json();
  while (item.status === 'processing' && !stopping) {
    await sleep(pollMs);
    const polled = await fetch(url + '/api/media/uploads/' + item._id, { headers: { cookie: member.cookie } });
    item = await polled.json();
  }
  if (item.status === 'ready') tell('uploaded', performance.now() - started);
  else if (item.status === 'failed') tell('failed', 'failed: ' + item.error);
}
// A loop tells once that its first upload was answered.
async function loop() {
  let first = true;
  const answered = () => {
    if (first) tell('accepted');
    first = false;
  };
  while (!stopping) {
    const member = members[Math.floor(next++ / perMember) % members.length];
    tell('sent');
    try {
      await (kind === 'photo' ? photo(member, answered) : video(member, answered));
    } catch (error) {
      answered();
      tell('failed', error.message);
    }
  }
}
Promise.all(Array.from({ length: concurrency }, loop)).then(() => {
  tell('done');
  parentPort.close();
});
`;

export type UploadRun = {
  uploaded: number;
  failed: string[];
  times: number[];
  /** Uploads sent so far (answered or not): a window's share is the difference at its ends. */
  sent: number;
};

/**
 * An upload's multipart body, built once a run: built for each upload (two copies of the file), the
 * clip's stalled the load generator's event loop, where deliveries are timed, 40 to 500 ms.
 */
export type UploadBody = { headers: Record<string, string>; payload: Uint8Array<ArrayBuffer> };

export type UploadThreadOptions = {
  url: string;
  kind: 'photo' | 'video';
  members: { cookie: string; conversationId: string }[];
  body: UploadBody;
  concurrency: number;
  /** Uploads a member makes before the next one takes over. */
  perMember: number;
  /** How often a clip's encode is looked at. */
  pollMs: number;
};

/**
 * Starts the loops on their thread. `accepted` resolves once every loop's first upload was answered;
 * `stop()` lets the uploads under way finish (a clip's encode is no longer followed) and tells how it
 * went.
 */
export function startUploadThread(options: UploadThreadOptions) {
  const { body, ...rest } = options;
  const run: UploadRun = { uploaded: 0, failed: [], times: [], sent: 0 };
  const worker = new Worker(LOOPS, {
    eval: true,
    workerData: { ...rest, headers: body.headers, payload: body.payload },
  });
  let loopsAnswered = 0;
  let firstAnswers!: () => void;
  const accepted = new Promise<void>((resolve) => (firstAnswers = resolve));
  const done = new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', ([what, value]: [string, unknown]) => {
      if (what === 'sent') run.sent += 1;
      else if (what === 'accepted' && ++loopsAnswered === options.concurrency) firstAnswers();
      else if (what === 'uploaded') {
        run.uploaded += 1;
        run.times.push(value as number);
      } else if (what === 'failed') run.failed.push(value as string);
      else if (what === 'done') resolve();
    });
  });
  return {
    run,
    accepted,
    async stop(): Promise<UploadRun> {
      worker.postMessage('stop');
      await done;
      await worker.terminate();
      return run;
    },
  };
}
