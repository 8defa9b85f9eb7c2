import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { serverFormErrors } from './form-issues';

function refusal(issues: { field: string; message: string }[]) {
  return new ApiError({
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Invalid input',
    details: { issues },
  });
}

describe('serverFormErrors', () => {
  it('puts an issue under its field, and one of no field of the form above the buttons', () => {
    const error = refusal([
      { field: 'body.name', message: 'Enter a name' },
      { field: 'body.other', message: 'Something else' },
    ]);
    expect(serverFormErrors(error, ['name'])).toEqual({
      fieldErrors: { name: 'Enter a name' },
      formError: 'Something else',
    });
  });

  it('reads a field the server names by another path as the form field it stands for', () => {
    const error = refusal([{ field: 'body.sms.authToken', message: 'Enter the secret again' }]);
    expect(serverFormErrors(error, ['authToken'], 'Not saved', { 'sms.authToken': 'authToken' })).toEqual({
      fieldErrors: { authToken: 'Enter the secret again' },
      formError: null,
    });
    expect(serverFormErrors(error, ['authToken'])).toEqual({
      fieldErrors: {},
      formError: 'Enter the secret again',
    });
  });

  it('says the server’s message when it named no field, or the fallback when it sent none', () => {
    expect(serverFormErrors(new ApiError({ status: 409, message: 'Taken' }), ['name'])).toEqual({
      fieldErrors: {},
      formError: 'Taken',
    });
    expect(serverFormErrors('no error object', ['name'], 'Not saved')).toEqual({
      fieldErrors: {},
      formError: 'Not saved',
    });
  });
});
