import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { notifyError } from './notices.ts';
import { applyServerErrors } from './apply-server-errors.ts';

vi.mock('./notices.ts', () => ({ notifyError: vi.fn() }));
afterEach(() => vi.mocked(notifyError).mockClear());

const t = i18next.t.bind(i18next);

function fakeForm(fields: Record<string, string>) {
  const form = { errors: {} as Record<string, string>, getValues: () => fields, setErrors: vi.fn() };
  form.setErrors.mockImplementation((errors: Record<string, string>) => {
    form.errors = errors;
  });
  return form;
}

describe('applyServerErrors', () => {
  it('puts validation issues and error codes given as issues under their fields, translated', () => {
    const form = fakeForm({ currentPassword: '', email: '' });
    const error = new ApiError(400, 'wrong_password', 'x', [
      { path: 'currentPassword', code: 'wrong_password', message: 'x' },
      { path: 'email', code: 'email_taken', message: 'x' },
    ]);
    applyServerErrors(form, error, t);
    expect(form.errors).toEqual({
      currentPassword: 'The password is not correct',
      email: 'This e-mail is already used by another account',
    });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('renames server paths to the form’s fields', () => {
    const form = fakeForm({ national: '', password: '' });
    const error = new ApiError(400, 'validation_failed', 'x', [
      { path: 'phone', code: 'phone_invalid', message: 'x' },
    ]);
    applyServerErrors(form, error, t, {}, { phone: 'national' });
    expect(form.errors).toEqual({ national: 'Invalid phone number' });
  });

  it('puts a bare code on the field it belongs to', () => {
    const form = fakeForm({ code: '' });
    applyServerErrors(form, new ApiError(400, 'code_expired', 'x'), t, { code_expired: 'code' });
    expect(form.errors).toEqual({ code: 'This code has expired. We sent you a new one.' });
  });

  it('says anything else in a notice, issues about fields the form lacks included', () => {
    const form = fakeForm({ password: '' });
    applyServerErrors(form, new ApiError(429, 'rate_limited', 'x'), t, { wrong_password: 'password' });
    expect(notifyError).toHaveBeenCalledWith('Too many attempts. Please wait and try again.');
    applyServerErrors(
      form,
      new ApiError(400, 'validation_failed', 'x', [{ path: 'country', code: 'invalid_value', message: 'x' }]),
      t,
    );
    expect(notifyError).toHaveBeenLastCalledWith('Invalid value');
    expect(form.errors).toEqual({});
  });

  it('leaves no answer and 401 to the query client', () => {
    const form = fakeForm({ password: '' });
    applyServerErrors(form, new ApiError(0, 'network', 'x'), t);
    applyServerErrors(form, new ApiError(401, 'unauthorized', 'x'), t);
    expect(form.setErrors).not.toHaveBeenCalled();
    expect(notifyError).not.toHaveBeenCalled();
  });
});
