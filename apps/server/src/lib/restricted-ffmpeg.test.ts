// @slow-tier runs ffmpeg under its restrictions.
import { once } from 'node:events';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTools } from '../test/transcode-fixtures.ts';
import {
  kernelLimitsApplied,
  restrictedInputArgs,
  runRestricted,
  type RunLimits,
} from './restricted-ffmpeg.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'motema-restricted-ffmpeg-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const ROOMY: RunLimits = {
  cpuSeconds: 600,
  wallMs: 600_000,
  memoryBytes: 3 * 1024 ** 3,
  outputBytes: 1024 ** 3,
};
/** An encode with no end of its own (a generator without a duration), into `output`. */
const endlessEncode = (output: string) => [
  ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30'],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-threads', '2', '-f', 'mp4', output],
];

describe('ffmpeg run within limits', () => {
  it('runs, and encodes H.264 and AAC', async () => {
    const version = await runRestricted(testTools.ffmpeg, ['-hide_banner', '-encoders'], ROOMY);
    expect(version).toMatchObject({ code: 0, overLimit: null });
    expect(version.stdout.toString()).toMatch(/libx264/);
    expect(version.stdout.toString()).toMatch(/ aac /);
  });

  it('is killed past its wall-clock limit', async () => {
    const result = await runRestricted(
      testTools.ffmpeg,
      ['-nostdin', '-v', 'error', '-re', '-f', 'lavfi', '-i', 'anullsrc', '-f', 'null', '-'],
      { ...ROOMY, wallMs: 300 },
    );
    expect(result).toMatchObject({ overLimit: 'wall', code: null, signal: 'SIGKILL' });
  });

  it.runIf(process.platform === 'linux')(
    'is stopped past its CPU seconds, by the kernel',
    async () => {
      expect(kernelLimitsApplied).toBe(true);
      const started = Date.now();
      const result = await runRestricted(testTools.ffmpeg, endlessEncode(path.join(dir, 'cpu.mp4')), {
        ...ROOMY,
        cpuSeconds: 1,
      });
      expect(result.overLimit).toBe('cpu');
      // Stopped by its CPU time: an endless encode, far under the (roomy) wall-clock limit.
      expect(Date.now() - started).toBeLessThan(120_000);
    },
    180_000,
  );

  it.runIf(process.platform === 'linux')(
    'is stopped when a file it writes passes its size',
    async () => {
      const output = path.join(dir, 'big.mp4');
      const result = await runRestricted(testTools.ffmpeg, endlessEncode(output), {
        ...ROOMY,
        outputBytes: 256 * 1024,
      });
      expect(result).toMatchObject({ overLimit: 'output', signal: 'SIGXFSZ' });
      expect((await stat(output)).size).toBeLessThanOrEqual(256 * 1024);
    },
    180_000,
  );

  it.runIf(process.platform === 'linux')(
    'cannot allocate past its address space',
    async () => {
      const args = [
        ...['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=4096x2304:d=0.2'],
        ...['-f', 'null', '-'],
      ];
      expect((await runRestricted(testTools.ffmpeg, args, ROOMY)).code).toBe(0);
      const starved = await runRestricted(testTools.ffmpeg, args, { ...ROOMY, memoryBytes: 64 * 1024 ** 2 });
      expect(starved.code).not.toBe(0);
      expect(starved.overLimit).toBeNull();
    },
    60_000,
  );
});

describe('the restricted input', () => {
  it('reaches no URL: an HLS playlist naming an http:// segment is refused, the server never asked', async () => {
    const requests: string[] = [];
    const server = http.createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(404).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const playlist = path.join(dir, 'list.m3u8');
      await writeFile(
        playlist,
        `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://127.0.0.1:${port}/segment.ts\n#EXT-X-ENDLIST\n`,
      );
      const read = (input: string[]) =>
        runRestricted(testTools.ffmpeg, ['-nostdin', '-v', 'error', ...input, '-f', 'null', '-'], ROOMY);
      // Even were the HLS demuxer let in, the file protocol only:
      const restricted = await read(restrictedInputArgs({ file: playlist, demuxer: 'hls', maxPixels: 1e6 }));
      expect(restricted.code).not.toBe(0);
      expect(restricted.stderr).toMatch(/Protocol 'http' not on whitelist 'file'/);
      expect(requests).toEqual([]);
      // The same playlist without the whitelist fetches its segment: the test can fail.
      await read(['-protocol_whitelist', 'file,http,tcp', '-f', 'hls', '-i', `file:${playlist}`]);
      expect(requests).toEqual(['/segment.ts']);
    } finally {
      server.close();
    }
  }, 60_000);

  it('decodes only the accepted codecs: a ProRes video is refused unread', async () => {
    const file = path.join(dir, 'prores.mov');
    const made = await runRestricted(
      testTools.ffmpeg,
      [
        ...['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=320x180:d=0.2'],
        ...['-c:v', 'prores', '-f', 'mov', file],
      ],
      ROOMY,
    );
    expect(made.code).toBe(0);
    const read = await runRestricted(
      testTools.ffmpeg,
      [
        ...['-nostdin', '-v', 'error'],
        ...restrictedInputArgs({ file, demuxer: 'mov', maxPixels: 1e6 }),
        ...['-f', 'null', '-'],
      ],
      ROOMY,
    );
    expect(read.code).not.toBe(0);
    expect(read.stderr).toMatch(/not on whitelist/);
  }, 60_000);
});
