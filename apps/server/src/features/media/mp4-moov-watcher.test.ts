import { describe, expect, it } from 'vitest';
import { mp4Boxes, phoneClip } from '../../test/transcode-fixtures.ts';
import { mp4Tracks } from './container-type.ts';
import { MOOV_MAX_BYTES, Mp4MoovWatcher } from './mp4-moov-watcher.ts';
import { UPLOAD_HEAD_BYTES } from './upload-type.ts';

/** A box: a 32-bit size (or 1 and a 64-bit one), its type, its body. */
function box(type: string, body: Buffer, { large = false } = {}): Buffer {
  const header = Buffer.alloc(large ? 16 : 8);
  if (large) {
    header.writeUInt32BE(1, 0);
    header.writeBigUInt64BE(BigInt(16 + body.length), 8);
  } else {
    header.writeUInt32BE(8 + body.length, 0);
  }
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** What the watcher keeps of `file` when its bytes come in chunks of the given sizes, in turn. */
function watch(file: Buffer, sizes: number[]): Buffer | null {
  const watcher = new Mp4MoovWatcher();
  for (let at = 0, turn = 0; at < file.length; turn += 1) {
    const size = sizes[turn % sizes.length]!;
    watcher.observe(file.subarray(at, at + size));
    at += size;
  }
  return watcher.moov;
}

const CHUNKINGS = [[65_536], [1], [7, 3, 1, 16, 5], [15, 17], [100_003]];

describe('Mp4MoovWatcher', () => {
  const moov = box('moov', box('trak', Buffer.from('an audio track, as it were')));
  const file = Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('free', Buffer.alloc(0)),
    box('mdat', Buffer.alloc(3000, 7), { large: true }),
    moov,
    box('free', Buffer.alloc(20)),
  ]);

  it.each(CHUNKINGS)('keeps the moov after the media data, whatever the chunks (%j…)', (...sizes) => {
    expect(watch(file, sizes)).toEqual(moov);
  });

  it('keeps nothing without a moov, past a box running to the end, or of a moov over its cap', () => {
    expect(watch(file.subarray(0, file.length - moov.length - 28), [64])).toBeNull();
    const toTheEnd = Buffer.concat([box('ftyp', Buffer.alloc(8)), Buffer.from('\0\0\0\0mdat'), moov]);
    expect(watch(toTheEnd, [5])).toBeNull();
    const huge = Buffer.alloc(8);
    huge.writeUInt32BE(MOOV_MAX_BYTES + 1, 0);
    huge.write('moov', 4, 'latin1');
    expect(watch(Buffer.concat([huge, Buffer.alloc(1000)]), [64])).toBeNull();
  });

  it('finds the sound-only tracks of a phone-like recording whose moov comes after the head', async () => {
    const recording = await phoneClip({ video: false, seconds: 40, format: 'mp4' });
    const found = mp4Boxes(recording).find((entry) => entry.path === 'moov');
    expect(found?.start, 'the moov past the head the upload reads first').toBeGreaterThan(UPLOAD_HEAD_BYTES);
    expect(mp4Tracks(recording.subarray(0, UPLOAD_HEAD_BYTES))).toEqual({ audio: false, video: false });
    const kept = watch(recording, [65_536, 1_000, 17]);
    expect(kept).toEqual(recording.subarray(found!.start, found!.start + found!.size));
    expect(mp4Tracks(kept!)).toEqual({ audio: true, video: false });
  }, 60_000);
});
