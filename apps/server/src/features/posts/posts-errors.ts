import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error.ts';

/** The SPEC's "bad format": a post id that cannot be one. */
export const postIdInvalid = () => badRequest('post_id_invalid');
/** Missing, deleted, hidden by a block, by its author's state or by its own (processing, failed). */
export const postNotFound = () => new AppError(404, 'post_not_found');
/** The SPEC's "not allowed to view this post": a private post the caller may not see. */
export const postNotAllowed = () => forbidden('post_not_allowed');
export const postMediaMixed = () => badRequest('post_media_mixed');
export const postAlreadyAllowed = () => conflict('post_already_allowed');
export const postAlreadyRequested = () => conflict('post_already_requested');
export const postRequestNotFound = () => new AppError(404, 'post_request_not_found');
export const commentNotFound = () => new AppError(404, 'comment_not_found');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
