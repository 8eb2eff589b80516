import { AppError } from '../../lib/app-error.ts';

/**
 * A conversation the member is not in, or one a block has hidden: the same 404 for both, never a
 * 403, so a conversation's id tells a stranger nothing (QUALITY Z1, Z3).
 */
export const conversationNotFound = () => new AppError(404, 'conversation_not_found');
