// The length rules of a password, apart from the list of common ones (password-rules.ts): safe in the browser (the
// change-password form shows the minimum) and cheap to load (lib/env.ts checks ADMIN_PASSWORD with them).
export const PASSWORD_MIN = 12;
/**
 * Every password Tuma accepts is at most this long — typed at log-in, as the current one, chosen as a new one, or
 * given in ADMIN_PASSWORD: argon2 reads all of it, so without a cap one request with a 10 MB "password" costs the
 * server what thousands of log-ins cost.
 */
export const PASSWORD_MAX = 256;
export const PASSWORD_TOO_LONG = `At most ${PASSWORD_MAX} characters.`;
