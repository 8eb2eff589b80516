/** B3's options (chat.bench.ts), as written to bench/results/chat.json. */
import { numberOption } from './lib/options.ts';

export type ChatOptions = {
  sockets: number;
  seconds: number;
  /** The fixed offered load, messages a second. */
  rate: number;
  rounds: number;
  saturateSeconds: number;
  /** Sends each socket keeps awaiting their ack when saturating. */
  window: number;
  /** Members uploading a photo at a time in B7's phase (0: no such phase). */
  uploads: number;
  uploadsRate: number;
  /** Members uploading a video at a time in B9's phase (0: no such phase). */
  videos: number;
  /** Messages a transaction in the durable reference (chat-durable.ts): 1 stores each on its own. */
  durableGroup: number;
};

/** The options from the command line (see chat.bench.ts); throws on an odd number of sockets. */
export function readChatOptions(): ChatOptions {
  const sockets = numberOption('sockets', 2000);
  const rate = numberOption('rate', 1000);
  if (!Number.isInteger(sockets) || sockets < 2 || sockets % 2) throw new Error('--sockets must be even');
  return {
    sockets,
    seconds: numberOption('seconds', 10),
    rate,
    rounds: numberOption('rounds', 3),
    saturateSeconds: numberOption('saturate', 5),
    window: numberOption('window', 2),
    uploads: numberOption('uploads', 2),
    uploadsRate: numberOption('uploads-rate', rate),
    videos: numberOption('videos', 2),
    durableGroup: numberOption('durable-group', 500),
  };
}
