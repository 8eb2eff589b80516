import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { loginErrorKey, loginErrorText } from './login-error.ts';

const messageOf = (error: unknown) => i18next.t(loginErrorKey(error));

describe('login error messages (SPEC.md section 8)', () => {
  it.each([
    [401, 'invalid_credentials', 'Invalid identifier or password'],
    [403, 'account_not_active', 'Your account is not active. Please check your email for more information'],
    [404, 'not_found', 'Invalid username or password'],
    [500, 'internal', 'Something went wrong. Please try again later.'],
    [503, 'internal', 'Something went wrong. Please try again later.'],
    [429, 'rate_limited', 'Too many attempts. Please wait and try again.'],
    [0, 'network', 'Not connected to the internet'],
    [400, 'bad_request', 'The request is not valid'],
  ] as const)('%i -> %s', (status, code, message) => {
    expect(messageOf(new ApiError(status, code, 'server text'))).toBe(message);
  });

  it('anything that is not an API answer reads as the 500 message', () => {
    expect(messageOf(new TypeError('boom'))).toBe('Something went wrong. Please try again later.');
  });
});

describe('a suspended or banned account (issue 30)', () => {
  const suspended = new ApiError(
    403,
    'account_suspended',
    'x',
    [],
    undefined,
    undefined,
    undefined,
    '2027-01-15T10:00:00.000Z',
  );

  it('says until when a suspension lasts', () => {
    expect(loginErrorText(suspended, i18next.t)).toBe(
      'Your account is suspended until January 15, 2027. You will be able to sign in again then.',
    );
  });

  it('says a banned account is closed, and how to appeal, not that it is unconfirmed', () => {
    expect(loginErrorText(new ApiError(403, 'account_banned', 'x'), i18next.t)).toBe(
      'Your account has been closed for breaking the community rules. You can appeal from the e-mail we sent you.',
    );
  });
});
