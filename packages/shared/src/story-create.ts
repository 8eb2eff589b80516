import { z } from 'zod';
import { memberText } from './member-text.ts';
import { MemberIdsSchema, POST_VISIBILITIES, STORY_CAPTION_MAX_LENGTH } from './posts.ts';

// Apart from posts.ts, whose schemas the web app's chunks carry: the app only needs these types.

/** POST /api/stories: an uploaded item (use `story`), public unless said otherwise (the posts' audience). */
export const StoryCreateSchema = z.object({
  media: z.uuid({ error: 'invalid_value' }),
  caption: z
    .string({ error: 'invalid_value' })
    .trim()
    .max(STORY_CAPTION_MAX_LENGTH, { error: 'max_length' })
    .superRefine(memberText('prose'))
    .optional()
    .default(''),
  visibility: z.enum(POST_VISIBILITIES, { error: 'invalid_value' }).optional().default('public'),
  allowed: MemberIdsSchema.optional().default([]),
});
export type StoryCreate = z.infer<typeof StoryCreateSchema>;
export type StoryCreateInput = z.input<typeof StoryCreateSchema>;
