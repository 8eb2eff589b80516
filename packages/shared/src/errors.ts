import type { PaymentRequiredReason } from './billing.ts';

/**
 * Stable error codes the server sends as `{ statusCode, code, message }`. The web app translates
 * them (`errors.<code>` in its locale files); the English text here is the server's message.
 */
export const ERROR_MESSAGES = {
  validation_failed: 'Some fields are not valid',
  bad_request: 'The request is not valid',
  unauthorized: 'Please log in to continue',
  invalid_credentials: 'Invalid identifier or password',
  account_not_active: 'Your account is not active. Please check your email for more information',
  account_already_confirmed: 'Your account is already confirmed. You can log in.',
  forbidden: 'You are not allowed to do this',
  origin_not_allowed: 'This request did not come from the Motema app. Open Motema and try again.',
  not_found: 'Not found',
  method_not_allowed: 'This method is not allowed here',
  account_not_found: 'No account matches this identifier',
  conflict: 'This conflicts with existing data',
  username_taken: 'This username is already taken',
  email_taken: 'This e-mail is already used by another account',
  phone_taken: 'This phone number is already used by another account',
  code_invalid: 'This code is not valid',
  code_expired: 'This code has expired. We sent you a new one.',
  code_too_many_tries: 'Too many wrong tries. Ask for a new code.',
  code_resend_too_soon: 'Please wait a moment before asking for a new code',
  wrong_password: 'The password is not correct',
  rate_limited: 'Too many attempts. Please wait and try again.',
  payload_too_large: 'This is too large',
  photo_type_unsupported: 'This file is not a photo we can use. Send a JPEG, PNG, WebP or AVIF image.',
  photo_too_large: 'This photo is too large. Send one under 15 MB.',
  photo_too_many_pixels: 'This photo has too many pixels. Send one of at most 50 megapixels.',
  photo_unreadable: 'This photo could not be read. It may be damaged; try another one.',
  photo_missing: 'Choose a photo to send',
  photos_limit_reached: 'You have reached the maximum number of photos. Delete one to add another.',
  media_unreadable: 'This file could not be read. It may be damaged; try another one.',
  video_too_long: 'This video is too long. Posts take videos of up to 60 seconds, stories up to 30.',
  video_too_many_pixels: 'This video’s picture is too large. Send one of at most 4096 × 2304 pixels.',
  video_no_picture: 'This video has no picture. Post it as a podcast, or choose another video.',
  video_frame_rate_too_high:
    'This video has more frames a second than a phone records. Send one of at most 240 frames a second.',
  video_too_demanding:
    'This video holds more than a phone records (over 4K at 60 frames a second, or over 200 Mbit/s). Send it at a usual quality.',
  media_processing_too_long: 'This file took too long to process. Send a shorter or lighter one.',
  audio_too_long: 'This recording is too long. Send one of at most an hour.',
  media_type_unsupported: 'This file cannot be posted. Send a photo, a video or an audio file.',
  media_too_large:
    'This file is too large. Videos may weigh up to 100 MB, audio files up to 60 MB, photos up to 15 MB.',
  media_missing: 'Choose a photo, a video or an audio file to send',
  media_not_found: 'This media is not available. Upload it again.',
  media_already_used: 'This media is already used by another post or story. Upload it again.',
  media_failed: 'This media could not be processed. Upload another one.',
  post_id_invalid: 'This post link is not valid (bad format)',
  post_not_found: 'This post is not available',
  post_not_allowed: 'You are not allowed to view this post',
  post_media_mixed: 'A post holds up to 10 photos, or one video, or one podcast',
  post_already_allowed: 'You can already see this post',
  post_already_requested: 'You have already asked to see this post',
  post_request_not_found: 'This request is no longer waiting',
  comment_not_found: 'This comment is not available',
  story_not_found: 'This story is not available',
  story_media_unsupported: 'A story is a photo or a video of up to 30 seconds',
  stories_limit_reached: 'You have posted many stories lately. Wait a little before posting another.',
  user_not_found: 'This member is not available',
  self_not_allowed: 'You cannot do this on your own profile',
  report_already_open: 'You have already reported this member. Our team is looking into it.',
  conversation_not_found: 'This conversation is not available',
  message_not_found: 'This message is not available',
  device_not_found: 'This device is not registered. Register it again.',
  message_not_editable: 'This message can no longer be changed',
  chat_blocked: 'You cannot write to this member',
  verification_required: 'A moderator asked you to verify your profile before sending messages',
  message_held: 'Your message will be delivered once our team has reviewed it',
  review_before_send: 'Review before you send: this message shares a phone number or talks about money',
  new_account_contact: 'New accounts cannot send links or phone numbers to members who have not answered yet',
  new_account_slowed: 'New accounts can send only a few first messages an hour. Try again later.',
  held_message_not_found: 'This held message has already been decided',
  chat_file_type_unsupported: 'This file cannot be sent. Send a photo, a video or an audio file.',
  chat_file_too_large: 'This file is too large to send',
  chat_file_missing: 'Choose a file to send',
  chat_file_unavailable: 'This file cannot be attached to this message',
  payment_required: 'A subscription is needed for this',
  subscription_not_found: 'This plan is not available',
  payment_in_progress:
    'A payment for this plan is already under way. Wait for its result before paying again.',
  idempotency_key_required: 'This request needs an Idempotency-Key header',
  idempotency_key_reused: 'This Idempotency-Key was already used for another request',
  zone_not_found: 'This zone is not available',
  live_not_found: 'This live is not available',
  live_chunk_out_of_order: 'Part of the broadcast was lost on the way',
  live_chunk_too_large: 'Part of the broadcast was too large',
  live_not_keepable: 'This live can no longer be kept as a post',
  zone_not_allowed: 'You are not allowed to do this in this zone',
  zone_already_member: 'You are already in this zone',
  zone_request_needed: 'This zone is private. Ask to join it.',
  zone_request_not_found: 'This request is no longer waiting',
  zone_banned: 'You cannot join this zone',
  zone_last_admin: 'Name another admin before leaving this zone',
  zone_remind_too_soon: 'You have already reminded the admins today',
  zone_invite_invalid: 'This invite link is no longer valid',
  zone_invite_expired: 'This invite link has expired. Ask whoever sent it for a new one.',
  zone_invite_revoked: 'This invite link was withdrawn by the zone’s admins',
  zone_invite_used_up: 'This invite link has been used as many times as it allows',
  zone_already_reported: 'You have already reported this zone. Our team is looking into it.',
  zones_limit_reached: 'You are in as many zones as a member can be. Leave one to join another.',
  live_not_allowed: 'Only the live’s host or its moderators can do this',
  live_account_too_new: 'Your account is too new to go live. Come back in a few days.',
  live_already_on: 'You are already live. End that live before starting another.',
  live_muted: 'You cannot write in this live’s chat',
  live_viewer_not_found: 'This member is not watching this live',
  live_message_not_found: 'This message is no longer in the live’s chat',
  live_already_reported: 'You have already reported this live. Our team is looking into it.',
  withdrawal_minimum: 'This is below the smallest withdrawal',
  insufficient_balance: 'This is more than you can withdraw now',
  withdrawal_in_flight: 'A withdrawal is already under way. Wait for its result before asking for another.',
  withdrawal_account_required: 'Add a withdrawal number and prove it first',
  withdrawal_cooldown: 'Withdrawals to a new number open a few days after it is proven',
  operator_limit: 'This is more than the mobile-money operator allows for now',
  partnership_required: 'Join the partnership programme first',
  account_suspended: 'Your account is suspended',
  account_banned: 'Your account has been closed for breaking the community rules',
  registration_refused: 'An account cannot be opened with these details',
  case_closed: 'This case is closed',
  appeal_needs_another_moderator: 'You took the decision under appeal: another moderator must decide on it',
  case_about_yourself: 'This case is about you: another moderator must decide on it',
  case_you_reported: 'You reported this case: another moderator must decide on it',
  appeal_already_made: 'You have already appealed this decision',
  appeal_too_late: 'The time to appeal this decision is over',
  selfie_missing: 'Take a selfie first',
  selfie_type_unsupported: 'This selfie could not be read. Take it again.',
  selfie_too_large: 'This selfie is too large. Take it again.',
  verification_pending: 'Your verification is already waiting for a moderator',
  already_verified: 'Your profile is already verified',
  verification_decided: 'This verification was decided already',
  internal: 'Something went wrong. Please try again later.',
  service_unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  too_many_connections:
    'Motema is open in too many tabs or windows. Close some of them, then come back to this one.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export type FieldIssue = { path: string; code: string; message: string; count?: number };

export type ApiErrorBody = {
  statusCode: number;
  code: ErrorCode;
  message: string;
  issues?: FieldIssue[];
  /**
   * account_not_active only: the address the confirmation code goes to, so that a member who logged
   * in by username or phone can enter it. Given only after the account's right password.
   */
  email?: string;
  /** payment_required only: why the paywall refused (the web app's payment-required dialog names it). */
  reason?: PaymentRequiredReason;
  /** payment_required only: the least plan on sale that reaches the recipient (its id), if one does. */
  plan?: string;
  /**
   * withdrawal_cooldown: when withdrawals to the newly proven number open; account_suspended: when
   * the suspension ends; code_resend_too_soon: when a new code may be asked (ISO date).
   */
  until?: string;
  /** operator_limit only: which of the operator's wallet caps the withdrawal meets. */
  limit?: 'daily' | 'monthly';
};
