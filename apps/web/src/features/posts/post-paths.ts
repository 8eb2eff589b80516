/** The address of a post's page. */
export const postPath = (id: string) => `/post/${encodeURIComponent(id)}`;

/** Where a member reports a post or a comment: the safety feature's report form, naming the target. */
export const reportPath = (authorId: string) => `/settings/report/profile/${encodeURIComponent(authorId)}`;

/** A post id as the server makes them (a UUID): anything else is the SPEC's "bad format". */
export const isPostId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
