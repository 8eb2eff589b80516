import { readdir, readFile } from 'node:fs/promises';

/** The processes named ffmpeg whose parent is `parent` (this test process by default), as /proc lists them. */
export async function ffmpegChildren(parent = process.pid): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const match = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
    if (match?.[1] === 'ffmpeg' && Number(match[2]) === parent) found.push(Number(entry));
  }
  return found;
}

/**
 * The ffmpeg children of `parent` not in `before`, once there is one. An encoder is spawned through
 * setpriv, prlimit and nice, each exec'ing the next in the same pid, so it is named ffmpeg only some
 * time after its spawn (on a loaded machine, after a live's open and first chunk had returned).
 */
export async function newFfmpegChildren(
  options: { parent?: number; before?: ReadonlySet<number>; timeoutMs?: number } = {},
): Promise<number[]> {
  const { parent = process.pid, before = new Set(), timeoutMs = 10_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await ffmpegChildren(parent)).filter((pid) => !before.has(pid));
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no new ffmpeg started by ${parent} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
