import type { Live, LiveMessage, LiveRendition, LiveRole, LiveViewer } from '@motema/shared/lives';
import type { LiveMessageView } from '../../app-event-payloads.ts';
import type { LiveRow } from '../../db/schema.ts';
import { presentPostMember } from '../posts/posts.presenter.ts';
import type { PostMemberView } from '../posts/post-members.service.ts';

/** The master playlist's path of a live on air (the media side serves it to those with a place). */
export const livePlaylistPath = (liveId: string) => `/api/lives/${liveId}/hls/master.m3u8`;

/** The renditions a live is served in: an audio-only live has the audio one only. */
export const liveRenditions = (audioOnly: boolean): LiveRendition[] =>
  audioOnly ? ['audio'] : ['360p', '240p', 'audio'];

/** How one member sees a live: their place in it, whether they are muted, whether they match its broadcaster. */
export type LiveView = {
  live: LiveRow;
  broadcaster: PostMemberView;
  role: LiveRole;
  muted: boolean;
  match: boolean;
};

/**
 * A live as its member sees it (the privacy boundary): the broadcaster's public names (Z2), the
 * viewer count but no viewer, the playlist only while on air; never its node or peak.
 */
export function presentLive({ live, broadcaster, role, muted, match }: LiveView): Live {
  return {
    _id: live.id,
    broadcaster: presentPostMember(broadcaster),
    title: live.title,
    audience: live.audience,
    audioOnly: live.audioOnly,
    status: live.status,
    endReason: live.endReason,
    viewers: live.viewers,
    renditions: liveRenditions(live.audioOnly),
    playlist: live.status === 'live' ? livePlaylistPath(live.id) : null,
    role,
    muted,
    match,
    startedAt: live.startedAt.toISOString(),
    endedAt: live.endedAt?.toISOString() ?? null,
    keptPost: live.keptPostId ? { _id: live.keptPostId } : null,
  };
}

/** A chat message of a live: its sender's public names, never the scam shield's families. */
export function presentLiveMessage({ row: message, sender }: LiveMessageView): LiveMessage {
  return {
    _id: message.id,
    liveId: message.liveId,
    clientId: message.clientId,
    sender: presentPostMember(sender),
    text: message.text,
    status: message.status === 'held' ? 'held' : 'shown',
    createdAt: message.createdAt.toISOString(),
  };
}

/** A viewer as the broadcaster and the live's moderators see them. */
export function presentLiveViewer({
  viewer,
  member,
}: {
  viewer: { role: 'moderator' | 'viewer'; muted: boolean };
  member: PostMemberView;
}): LiveViewer {
  return { member: presentPostMember(member), role: viewer.role, muted: viewer.muted };
}
