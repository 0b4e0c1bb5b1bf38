// The login form's rules on their own: the first screen loads them, and nothing else of validation.ts
// (whose amount and date rules bring decimal.js and the date helpers).

/** Empty, or only white space. */
export const isBlank = (value: string | null | undefined): boolean => value === null || value === undefined || value.trim() === '';

// ---------------------------------------------------------------- login (spec 5)

/** Spec 5: "digit9Id required (error tip session.idErrorMessage)". */
const LOGIN_ID_ERROR_KEY = 'session.idErrorMessage';
/** Spec 5: "password required (session.passwordErrorMessage)". */
const LOGIN_PASSWORD_ERROR_KEY = 'session.passwordErrorMessage';

export interface LoginErrors {
  digit9Id?: typeof LOGIN_ID_ERROR_KEY;
  password?: typeof LOGIN_PASSWORD_ERROR_KEY;
}

/**
 * Login form (spec 5): both fields required; only invalid fields appear in the result.
 *
 * @example validateLogin({ digit9Id: '', password: 'x' }) // { digit9Id: 'session.idErrorMessage' }
 */
export function validateLogin(form: { digit9Id?: string | null; password?: string | null }): LoginErrors {
  const errors: LoginErrors = {};
  if (isBlank(form.digit9Id)) errors.digit9Id = LOGIN_ID_ERROR_KEY;
  if (form.password === null || form.password === undefined || form.password === '') {
    errors.password = LOGIN_PASSWORD_ERROR_KEY;
  }
  return errors;
}

/** Spec 2: "The submit button is disabled only while the form is dirty and invalid". */
export function isLoginSubmitDisabled(dirty: boolean, valid: boolean): boolean {
  return dirty && !valid;
}
