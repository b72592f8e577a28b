// What `npm start` says about logging in, once the console is ready. Only a password Tuma generated is printed (a
// one-time password, replaced at the first log-in); a password the operator chose in ADMIN_PASSWORD is theirs,
// already known to them, and would otherwise land in whatever captures the output (a terminal's scroll-back, a
// service's journal, a container's log).
import type { FirstAdmin } from "./first-admin";

export function firstLoginMessage(admin: FirstAdmin): string[] {
  if (!admin.created)
    return [`Log in with your account${admin.email ? ` (first administrator: ${admin.email})` : ""}.`];
  if (admin.oneTimePassword === null)
    return [`First login — email: ${admin.email} with the password in ADMIN_PASSWORD (not printed).`];
  return [
    `First login — email: ${admin.email}  password: ${admin.oneTimePassword}`,
    "(a one-time password: you choose your own at the first log-in; it is stored only as an argon2id hash)",
  ];
}
