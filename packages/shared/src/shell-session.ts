/**
 * The mobile app's bundled copy (decision 0052) keeps its session as a bearer token, since its web
 * view sends no cookie of the server's site: a sign-in from its origin answers the token in this
 * response header (in place of the cookie), its requests send it back as `Authorization: Bearer`, and
 * its socket's handshake as `auth.session`. Browsers keep the cookie and never see the header.
 */
export const SHELL_SESSION_HEADER = 'motema-session';
