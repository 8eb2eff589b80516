/** Report reasons of SPEC.md section 3, each with its sub-reasons. */
export const REPORT_REASONS = {
  fake_account: [
    'someone_i_know_photo',
    'my_photo',
    'famous_person_photo',
    'robotic_replies',
    'fake_location',
    'limited_info',
    'other',
  ],
  inappropriate_content: ['nudity', 'sexual_content', 'offensive_language', 'other'],
  scam_or_commercial: ['asks_for_money', 'selling_something', 'external_links', 'other'],
  hate_speech_or_violence: ['hate_speech', 'threats', 'harassment', 'self_harm', 'other'],
  underage: ['looks_under_18', 'says_under_18', 'other'],
  not_interested: ['not_my_type', 'too_many_messages', 'other'],
  other: ['other'],
} as const;

export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as ReportReason[];
