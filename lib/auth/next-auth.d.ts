// What Tuma keeps in next-auth's session token and session object (module augmentation, so callbacks stay typed).
import type { DefaultSession } from "next-auth";

declare module "next-auth" {
  interface User {
    sessionVersion?: number;
  }
  interface Session {
    user: { id: string } & DefaultSession["user"];
    /** The user's session version at log-in (lib/auth/session-validity.ts). */
    sessionVersion: number;
    /** When the user logged in, in seconds since the epoch: sessions end SESSION_MAX_AGE_HOURS after this. */
    authenticatedAt: number;
    /** The session's random id, for its idle timeout (lib/auth/session-activity.ts). */
    sid?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    sessionVersion?: number;
    authenticatedAt?: number;
    sid?: string;
  }
}
