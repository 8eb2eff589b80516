import type { Env } from '../env.ts';
/**
 * Which ffmpeg and ffprobe run (decision 0031): those FFMPEG_PATH / FFPROBE_PATH name; else the
 * machine's maintained ones (Debian's `ffmpeg` package in /usr/bin, with the distribution's security
 * updates) when both are there and can encode H.264; else the static builds `npm install` puts
 * inside @ffmpeg-installer/<platform>-<arch> and @ffprobe-installer/<platform>-<arch> (ffmpeg 4.1,
 * 2018: the fallback that makes `npm install && npm start` work anywhere); else those on PATH.
 * Every run on an upload goes through restricted-ffmpeg.ts.
 */
export type FfmpegTools = {
    ffmpeg: string;
    ffprobe: string;
    source: 'configured' | 'system' | 'packaged' | 'path';
};
/** Where the distribution's package puts them (Debian, Ubuntu, Fedora, Alpine). */
export declare const SYSTEM_TOOLS_DIRECTORY = "/usr/bin";
export declare function resolveFfmpegTools(env: Pick<Env, 'FFMPEG_PATH' | 'FFPROBE_PATH'>, options?: {
    systemDirectory?: string;
}): FfmpegTools;
/** The first line of `ffmpeg -version` ("ffmpeg version 5.1.9-0+deb12u1 ..."), for the worker's log. */
export declare function ffmpegVersion(binary: string): string;
