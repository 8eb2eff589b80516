/** The master playlist the server writes for a live with a picture (live-encoder-args.ts's masterPlaylist), for the player's tests. */
export const MASTER_PLAYLIST = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=500000,CODECS="avc1.4d401e,mp4a.40.2",NAME="360p"
360p.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=224000,CODECS="avc1.4d401e,mp4a.40.2",NAME="240p"
240p.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=32000,CODECS="mp4a.40.2",NAME="audio"
audio.m3u8
`;
