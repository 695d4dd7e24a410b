import { AppError } from '../../http/errors';

/** The account area's errors, each naming the form field it belongs to. */

const usernameTaken = () => new AppError('USERNAME_TAKEN', { fields: { userName: 'errors.USERNAME_TAKEN' } });
export const emailTaken = () => new AppError('EMAIL_TAKEN', { fields: { email: 'errors.EMAIL_TAKEN' } });
export const captchaInvalid = () =>
  new AppError('CAPTCHA_INVALID', { fields: { captchaCode: 'errors.CAPTCHA_INVALID' } });
export const emailCodeInvalid = () =>
  new AppError('EMAIL_CODE_INVALID', { fields: { emailCode: 'errors.EMAIL_CODE_INVALID' } });
export const passwordWrong = (field: string) =>
  new AppError('PASSWORD_WRONG', { fields: { [field]: 'errors.PASSWORD_WRONG' } });

/** Throws the error of the first of name and email that `taken` reports as another user's. */
export function refuseTaken(taken: { userName: boolean; email: boolean }): void {
  if (taken.userName) throw usernameTaken();
  if (taken.email) throw emailTaken();
}

/** A unique-index violation on users (a registration or rename racing another) becomes the field's error. */
function takenError(error: unknown): AppError | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'users_user_name_key') return usernameTaken();
    if (code === '23505' && constraint === 'users_email_key') return emailTaken();
  }
  return undefined;
}

export async function mapTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw takenError(error) ?? error;
  }
}

export const avatarInvalid = () => new AppError('AVATAR_INVALID', { fields: { avatar: 'errors.AVATAR_INVALID' } });
