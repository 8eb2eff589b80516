/** Where a live's files are in the media storage: its segments, playlists and frames, nothing else. */
export const liveFolder = (liveId: string) => `lives/${liveId}/`;
export const liveKey = (liveId: string, name: string) => `${liveFolder(liveId)}${name}`;

const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
};

/** A live file's type by its name's end (names come from LIVE_FILE_PATTERN and FRAME_PATTERN only). */
export const contentTypeOf = (name: string) =>
  TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream';

/** The files a media playlist names: its init segment (EXT-X-MAP) and its segments, in order. */
export function playlistFiles(text: string): string[] {
  const files: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const map = /^#EXT-X-MAP:URI="([^"]+)"/.exec(line);
    if (map) files.push(map[1]!);
    else if (line && !line.startsWith('#')) files.push(line);
  }
  return files;
}

/** The media segments a playlist lists, oldest first. */
export const playlistSegments = (text: string) => playlistFiles(text).filter((file) => file.endsWith('.m4s'));
