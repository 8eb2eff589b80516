import {
  LIVE_FRAME_SAMPLE_SECONDS,
  LIVE_MAX_MINUTES,
  LIVE_RENDITION_BITRATES,
  LIVE_SEGMENT_SECONDS,
  type LiveRendition,
} from '@motema/shared/lives';
import type { RunLimits } from '../../../lib/restricted-ffmpeg.ts';

/**
 * The ffmpeg run of one live (decision 0050): the broadcaster's WebM (VP8, VP9 or H.264 with Opus,
 * as MediaRecorder writes it; or Opus alone) read from stdin, decoded once, and written as HLS with
 * fMP4 segments of LIVE_SEGMENT_SECONDS in each rendition, a keyframe at every segment's start (a
 * player may switch or join at any segment), plus a small JPEG every LIVE_FRAME_SAMPLE_SECONDS.
 */

export type RenditionTarget = {
  /** The picture's shorter side (the other follows the camera's shape); null for the audio rendition. */
  height: number | null;
  framesPerSecondMax: number;
  videoKbps: number;
  audioKbps: number;
  audioChannels: number;
  /** The RFC 6381 codecs of its segments, for the master playlist and the player's MediaSource. */
  codecs: string;
};

/** H.264 main profile level 3.0 (avc1.4d401e) and AAC-LC (mp4a.40.2): what every phone decodes. */
const VIDEO_CODECS = 'avc1.4d401e,mp4a.40.2';
export const RENDITION_TARGETS: Record<LiveRendition, RenditionTarget> = {
  '360p': {
    height: 360,
    framesPerSecondMax: 30,
    videoKbps: 452,
    audioKbps: 48,
    audioChannels: 1,
    codecs: VIDEO_CODECS,
  },
  '240p': {
    height: 240,
    framesPerSecondMax: 24,
    videoKbps: 192,
    audioKbps: 32,
    audioChannels: 1,
    codecs: VIDEO_CODECS,
  },
  audio: {
    height: null,
    framesPerSecondMax: 0,
    videoKbps: 0,
    audioKbps: 32,
    audioChannels: 1,
    codecs: 'mp4a.40.2',
  },
};
// The targets add up to the shared contract's figures (the viewer's data-use line).
for (const [name, target] of Object.entries(RENDITION_TARGETS)) {
  if ((target.videoKbps + target.audioKbps) * 1000 !== LIVE_RENDITION_BITRATES[name as LiveRendition]) {
    throw new Error(`live rendition ${name}: its bitrates do not add up to LIVE_RENDITION_BITRATES`);
  }
}

/** The renditions of a live: every one, or the audio alone for an audio-only live. */
export const renditionsOf = (audioOnly: boolean): LiveRendition[] =>
  audioOnly ? ['audio'] : ['360p', '240p', 'audio'];

/** The segments a playlist lists: the three a player starts behind the live edge, and the newest (each more costs every viewer ~35 bytes a second). */
export const PLAYLIST_SEGMENTS = 4;

/** What the broadcaster's recording may hold: MediaRecorder's video codecs and Opus, nothing else. */
const LIVE_DECODERS = ['vp8', 'vp9', 'libvpx', 'libvpx-vp9', 'h264', 'opus', 'libopus'];
/** A camera's picture, at most 1080p (phones offer 720p to MediaRecorder by default). */
const LIVE_MAX_PIXELS = 1920 * 1080;

/**
 * A live's run: at most LIVE_MAX_MINUTES of one core and a half (it takes about a fifth of one,
 * bench B11), a few minutes past it on the wall, and small files only (segments, playlists, frames).
 */
export const LIVE_RUN_LIMITS: RunLimits = {
  cpuSeconds: LIVE_MAX_MINUTES * 60 * 1.5,
  wallMs: (LIVE_MAX_MINUTES + 5) * 60_000,
  memoryBytes: 1024 ** 3,
  outputBytes: 32 * 1024 ** 2,
};

/** The nice value of an encoder: below the server's event loop and PostgreSQL, above idle work. */
export const LIVE_ENCODER_NICE = 5;

/** The file names a live writes, and the only ones its route serves (live-hls.routes.ts). */
export const LIVE_FILE_PATTERN = /^(?:master\.m3u8|(360p|240p|audio)(?:\.m3u8|-init\.mp4|-\d{5,6}\.m4s))$/;
export const playlistName = (rendition: LiveRendition) => `${rendition}.m3u8`;
export const frameName = (index: number) => `frame-${String(index).padStart(5, '0')}.jpg`;
export const FRAME_PATTERN = /^frame-\d{5,6}\.jpg$/;

function hlsOutput(rendition: LiveRendition, workDir: string): string[] {
  return [
    ...['-f', 'hls', '-hls_time', String(LIVE_SEGMENT_SECONDS), '-hls_list_size', String(PLAYLIST_SEGMENTS)],
    ...['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', `${rendition}-init.mp4`],
    // temp_file: a segment or playlist appears whole (renamed once written), never half-written.
    ...['-hls_flags', 'independent_segments+temp_file+omit_endlist'],
    ...['-hls_segment_filename', `${workDir}/${rendition}-%05d.m4s`],
    // The audio comes before the first picture is through the filters: ffmpeg before 4.4 held 128
    // packets a stream for it and ended the live ("Too many packets buffered").
    ...['-max_muxing_queue_size', '1024'],
    `${workDir}/${playlistName(rendition)}`,
  ];
}

function videoOutput(rendition: LiveRendition, target: RenditionTarget, workDir: string): string[] {
  const keyframes = `expr:gte(t,n_forced*${LIVE_SEGMENT_SECONDS})`;
  return [
    ...['-map', `[${rendition}]`, '-map', '0:a:0'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency'],
    ...['-profile:v', 'main', '-level:v', '3.0', '-pix_fmt', 'yuv420p'],
    ...[
      '-b:v',
      `${target.videoKbps}k`,
      '-maxrate',
      `${target.videoKbps}k`,
      '-bufsize',
      `${target.videoKbps}k`,
    ],
    ...['-force_key_frames', keyframes, '-sc_threshold', '0', '-threads', '1'],
    ...audioArgs(target),
    ...hlsOutput(rendition, workDir),
  ];
}

/**
 * Scales a picture to cover a `side` x `side` square, keeping its shape, in even dimensions (H.264's
 * 4:2:0): the short side becomes `side`, the long one its share rounded down to an even number. Said
 * as expressions rather than `force_original_aspect_ratio=increase:force_divisible_by=2`, an option
 * of ffmpeg 4.3 that the packaged fallback (ffmpeg 4.1, lib/ffmpeg-tools.ts) refuses: there every live
 * ended at its first chunk.
 */
export function coverSquare(side: number): string {
  const share = (long: string, short: string) => `'max(${side},trunc(${long}*${side}/${short}/2)*2)'`;
  return `scale=w=${share('iw', 'ih')}:h=${share('ih', 'iw')}`;
}

const audioArgs = (target: RenditionTarget) => [
  ...['-c:a', 'aac', '-b:a', `${target.audioKbps}k`, '-ac', String(target.audioChannels), '-ar', '48000'],
];

/** ffmpeg's arguments for a live written into `workDir`, its recording read from stdin. */
export function liveEncoderArgs(input: { audioOnly: boolean; workDir: string }): string[] {
  const { workDir } = input;
  const head = [
    ...['-nostdin', '-hide_banner', '-v', 'error', '-y'],
    // Nothing but the pipe, the WebM demuxer, the recorder's codecs; no picture over LIVE_MAX_PIXELS.
    ...[
      '-protocol_whitelist',
      'pipe',
      '-format_whitelist',
      'matroska',
      '-codec_whitelist',
      LIVE_DECODERS.join(','),
    ],
    ...['-max_pixels', String(LIVE_MAX_PIXELS), '-fflags', '+nobuffer', '-f', 'matroska', '-i', 'pipe:0'],
    ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags', '+bitexact'],
  ];
  if (input.audioOnly)
    return [...head, '-map', '0:a:0', ...audioArgs(RENDITION_TARGETS.audio), ...hlsOutput('audio', workDir)];
  const video = (['360p', '240p'] as const).map((rendition) => {
    const target = RENDITION_TARGETS[rendition];
    if (target.height === null) throw new Error(`${rendition} has no picture`);
    return `[${rendition}in]${coverSquare(target.height)},setsar=1,fps=${target.framesPerSecondMax},format=yuv420p[${rendition}]`;
  });
  const graph = [
    '[0:v:0]split=3[360pin][240pin][framein]',
    ...video,
    `[framein]fps=1/${LIVE_FRAME_SAMPLE_SECONDS},${coverSquare(240)}[frames]`,
  ].join(';');
  return [
    ...head,
    ...['-filter_complex', graph],
    ...videoOutput('360p', RENDITION_TARGETS['360p'], workDir),
    ...videoOutput('240p', RENDITION_TARGETS['240p'], workDir),
    ...['-map', '0:a:0', ...audioArgs(RENDITION_TARGETS.audio), ...hlsOutput('audio', workDir)],
    // atomic_writing: a frame too appears whole, renamed once written.
    ...['-map', '[frames]', '-q:v', '8', '-f', 'image2', '-atomic_writing', '1', `${workDir}/frame-%05d.jpg`],
  ];
}

/**
 * The master playlist: one variant a rendition, highest first, with its bandwidth and codecs (the
 * player starts on the lowest and climbs; Safari's native HLS chooses itself).
 */
export function masterPlaylist(renditions: readonly LiveRendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rendition of renditions) {
    const target = RENDITION_TARGETS[rendition];
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${LIVE_RENDITION_BITRATES[rendition]},CODECS="${target.codecs}",NAME="${rendition}"`,
      playlistName(rendition),
    );
  }
  return `${lines.join('\n')}\n`;
}
