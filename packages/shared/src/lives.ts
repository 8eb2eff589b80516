import { z } from 'zod';
import { memberText } from './member-text.ts';
import { POST_VISIBILITIES, PostMemberSchema } from './posts.ts';

/**
 * Lives (issue 31, docs/lives.md): a member broadcasts video (or audio only) from the phone's
 * browser; the members who may see them watch it as HLS with 1 s segments, write in its chat and
 * send reactions. Nothing is recorded unless the broadcaster keeps it as a post afterwards.
 */

/** Who may watch: every member who may see the broadcaster, or only their matches. */
export const LIVE_AUDIENCES = ['everyone', 'matches'] as const;
export type LiveAudience = (typeof LIVE_AUDIENCES)[number];

/**
 * `starting`: created, the camera's first chunks not yet on air; `live`: segments are served;
 * `ended`: over, for good (a live is never restarted: the broadcaster starts a new one).
 */
export const LIVE_STATUSES = ['starting', 'live', 'ended'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/**
 * Why a live ended: its broadcaster ended it; a moderator cut it (or suspended or banned the
 * broadcaster); its encoder was lost or the broadcaster's chunks stopped coming for LIVE_STALL_MS.
 */
export const LIVE_END_REASONS = ['broadcaster', 'moderator', 'interrupted'] as const;
export type LiveEndReason = (typeof LIVE_END_REASONS)[number];

/** The viewer's place in a live: its broadcaster, a viewer they named moderator, or a viewer. */
export const LIVE_ROLES = ['broadcaster', 'moderator', 'viewer'] as const;
export type LiveRole = (typeof LIVE_ROLES)[number];

/** The renditions a live is served in, highest first; an audio-only live has `audio` only. */
export const LIVE_RENDITIONS = ['360p', '240p', 'audio'] as const;
export type LiveRendition = (typeof LIVE_RENDITIONS)[number];
/** Each rendition's target bitrate in bit/s (video and audio together), for the data-use figure. */
export const LIVE_RENDITION_BITRATES: Record<LiveRendition, number> = {
  '360p': 500_000,
  '240p': 224_000,
  audio: 32_000,
};
/** The data a minute of a rendition uses, in bytes: what the viewer's screen shows. */
export const liveBytesPerMinute = (rendition: LiveRendition) => (LIVE_RENDITION_BITRATES[rendition] / 8) * 60;

/** HLS segment length: what bounds the delay between camera and viewer (bar B11: <= 6 s). */
export const LIVE_SEGMENT_SECONDS = 1;
/** How often the broadcaster's browser hands a chunk of its recording to the server. */
export const LIVE_CHUNK_MS = 500;
/** A chunk larger than this is refused (`live_chunk_too_large`). */
export const LIVE_CHUNK_MAX_BYTES = 512 * 1024;
/** No chunk for this long ends a live as `interrupted` (a closed tab, a lost network). */
export const LIVE_STALL_MS = 30_000;
/** The longest a live lasts; it ends as `broadcaster` when reached. */
export const LIVE_MAX_MINUTES = 120;
/** A frame is sampled this often while live, kept only for a case if the live is reported. */
export const LIVE_FRAME_SAMPLE_SECONDS = 5;
/** By default an account broadcasts once this old (the server's LIVE_MIN_ACCOUNT_DAYS sets it). */
export const LIVE_MIN_ACCOUNT_DAYS = 7;

export const LIVE_TITLE_MAX_LENGTH = 80;
export const LIVE_MESSAGE_MAX_LENGTH = 200;
/** The chat's last messages a joining viewer gets. */
export const LIVE_MESSAGES_ON_JOIN = 50;

/** The reactions a viewer may send (each drawn as its emoji by the web app). */
export const LIVE_REACTIONS = ['heart', 'fire', 'laugh', 'wow', 'clap'] as const;
export type LiveReaction = (typeof LIVE_REACTIONS)[number];

/** POST /api/lives: go live. `title` is optional prose; `audioOnly` for a weak network. */
export const LiveStartSchema = z.strictObject({
  audience: z.enum(LIVE_AUDIENCES, { error: 'invalid_value' }),
  audioOnly: z.boolean({ error: 'invalid_value' }).default(false),
  title: z
    .string({ error: 'invalid_value' })
    .trim()
    .max(LIVE_TITLE_MAX_LENGTH, { error: 'max_length' })
    .superRefine(memberText('prose'))
    .default(''),
});
export type LiveStart = z.infer<typeof LiveStartSchema>;

/**
 * A live as one member sees it. `viewers` is the count (shown to all); their names come only to the
 * broadcaster (GET /api/lives/:id/viewers). `playlist` is the master playlist's path (HLS), null
 * until on air and once ended. `role` is the member's own place in it.
 */
export const LiveSchema = z.object({
  _id: z.string(),
  broadcaster: PostMemberSchema,
  title: z.string(),
  audience: z.enum(LIVE_AUDIENCES),
  audioOnly: z.boolean(),
  status: z.enum(LIVE_STATUSES),
  endReason: z.enum(LIVE_END_REASONS).nullable(),
  viewers: z.int(),
  renditions: z.array(z.enum(LIVE_RENDITIONS)),
  playlist: z.string().nullable(),
  role: z.enum(LIVE_ROLES),
  /** The viewer may not write (muted by the broadcaster or a live moderator). */
  muted: z.boolean(),
  /** Whether the broadcaster is one of the member's matches (the list puts them first). */
  match: z.boolean(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** The post the broadcaster kept it as, once they have. */
  keptPost: z.object({ _id: z.string() }).nullable(),
});
export type Live = z.infer<typeof LiveSchema>;

/** GET /api/lives: the lives on air the member may watch, matches' first, then near, then popular. */
export const LiveListSchema = z.object({
  lives: z.array(LiveSchema),
  /**
   * When the member may go live, while their account is younger than the server's
   * LIVE_MIN_ACCOUNT_DAYS (POST /api/lives answers 403 live_account_too_new until then); null once
   * they may.
   */
  goLiveFrom: z.string().nullable(),
});
export type LiveList = z.infer<typeof LiveListSchema>;

/** A member watching, as only the broadcaster and the live's moderators see them. */
export const LiveViewerSchema = z.object({
  member: PostMemberSchema,
  role: z.enum(['moderator', 'viewer']),
  muted: z.boolean(),
});
export type LiveViewer = z.infer<typeof LiveViewerSchema>;
export const LiveViewerListSchema = z.object({ viewers: z.array(LiveViewerSchema) });
export type LiveViewerList = z.infer<typeof LiveViewerListSchema>;

/** PATCH /api/lives/:id/viewers/:userId: the broadcaster names a moderator; they or a moderator mute. */
export const LiveViewerUpdateSchema = z
  .strictObject({
    role: z.enum(['moderator', 'viewer'], { error: 'invalid_value' }).optional(),
    muted: z.boolean({ error: 'invalid_value' }).optional(),
  })
  .refine((update) => update.role !== undefined || update.muted !== undefined, { error: 'invalid_value' });
export type LiveViewerUpdate = z.infer<typeof LiveViewerUpdateSchema>;

/**
 * A message of a live's chat. `held`: the scam shield or a restriction held it; only its sender,
 * the broadcaster and the live's moderators see it until one of the last two releases or drops it.
 */
export const LIVE_MESSAGE_STATUSES = ['shown', 'held'] as const;
export const LiveMessageSchema = z.object({
  _id: z.string(),
  liveId: z.string(),
  clientId: z.string(),
  sender: PostMemberSchema,
  text: z.string(),
  status: z.enum(LIVE_MESSAGE_STATUSES),
  createdAt: z.string(),
});
export type LiveMessage = z.infer<typeof LiveMessageSchema>;
export const LiveMessageListSchema = z.object({ messages: z.array(LiveMessageSchema) });
export type LiveMessageList = z.infer<typeof LiveMessageListSchema>;

/** Socket `lives:message`: one chat message, stored once per (sender, clientId) as chat's are. */
export const LiveMessageSendSchema = z.strictObject({
  liveId: z.string(),
  clientId: z.string().min(1).max(64),
  text: z
    .string({ error: 'invalid_value' })
    .trim()
    .min(1, { error: 'required', abort: true })
    .max(LIVE_MESSAGE_MAX_LENGTH, { error: 'max_length', abort: true })
    .superRefine(memberText('prose')),
});
export type LiveMessageSend = z.infer<typeof LiveMessageSendSchema>;

/** Socket `lives:reaction`. */
export const LiveReactionSendSchema = z.strictObject({
  liveId: z.string(),
  reaction: z.enum(LIVE_REACTIONS, { error: 'invalid_value' }),
});
export type LiveReactionSend = z.infer<typeof LiveReactionSendSchema>;

/** Socket `lives:chunk`: the next piece of the broadcaster's recording, in order from 0. */
export type LiveChunk = { liveId: string; seq: number; data: ArrayBuffer | Uint8Array };

/** POST /api/lives/:id/keep: after it ended, the broadcaster keeps the recording as a post. */
export const LiveKeepSchema = z.strictObject({
  text: z
    .string({ error: 'invalid_value' })
    .trim()
    .max(2000, { error: 'max_length' })
    .superRefine(memberText('prose'))
    .default(''),
  visibility: z.enum(POST_VISIBILITIES, { error: 'invalid_value' }),
});
export type LiveKeep = z.infer<typeof LiveKeepSchema>;

/** Server-to-client events of a live, to the sockets that joined it (room `live:{id}`). */
export type LiveViewersEvent = { liveId: string; viewers: number };
export type LiveReactionEvent = { liveId: string; reaction: LiveReaction };
export type LiveEndedEvent = { liveId: string; reason: LiveEndReason };
export type LiveOnAirEvent = { liveId: string; playlist: string };
export type LiveMessageRemovedEvent = { liveId: string; messageId: string };
/** To one viewer: the broadcaster or a live moderator removed them, or changed their place. */
export type LiveRemovedEvent = { liveId: string };
export type LiveYouEvent = { liveId: string; role: 'moderator' | 'viewer'; muted: boolean };
