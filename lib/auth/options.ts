// next-auth configuration: email + password against our User table, JWT sessions that expire SESSION_MAX_AGE_HOURS
// after log-in. The token carries the user id, the log-in time and the user's session version; every request re-reads
// the user (lib/auth/session.ts), so a disabled or logged-out session is refused at once.
import "server-only";
import { randomUUID } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { env } from "@/lib/env";
import { trustedClientAddress } from "@/lib/client-address/client-address";
import { enteredPasswordSchema } from "./password-rules";
import { authenticate, LoginRefused, WRONG_CREDENTIALS } from "./authenticate";
import { logOut } from "./log-out";
import { safeCallbackPath } from "./safe-callback";
import { startSessionActivity } from "./session-activity";
import { sessionExpiresAt } from "./session-validity";

const credentialsSchema = z.object({
  email: z.email().transform((email) => email.toLowerCase()),
  password: enteredPasswordSchema,
});

export const sessionMaxAgeSeconds = (): number => Math.round(env().SESSION_MAX_AGE_HOURS * 3600);
export const sessionIdleMs = (): number => Math.round(env().SESSION_IDLE_MINUTES * 60_000);

export const authOptions: NextAuthOptions = {
  secret: env().NEXTAUTH_SECRET,
  // The token's own expiry too: next-auth's JWT default is 30 days whatever the session's maxAge says.
  session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds() },
  jwt: { maxAge: sessionMaxAgeSeconds() },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) throw new Error(WRONG_CREDENTIALS);
        try {
          return await authenticate({ ...parsed.data, clientAddress: trustedClientAddress(request.headers) });
        } catch (error) {
          // next-auth shows an Error's message to the browser: only our own sentences get through.
          if (error instanceof LoginRefused) throw new Error(error.message);
          console.error("[auth] log-in failed unexpectedly", error);
          throw new Error("Logging in failed on our side. Try again in a moment.");
        }
      },
    }),
  ],
  callbacks: {
    // next-auth's own redirects (sign-in, sign-out callbackUrl) stay on this console.
    redirect({ url, baseUrl }) {
      return new URL(safeCallbackPath(url, baseUrl), baseUrl).toString();
    },
    async jwt({ token, user }) {
      // `user` is present only at log-in: that is when the session's version, start and id are fixed.
      if (user) {
        token.sub = user.id;
        token.sessionVersion = user.sessionVersion ?? 0;
        token.authenticatedAt = Math.floor(Date.now() / 1000);
        token.sid = randomUUID();
        await startSessionActivity(token.sid, user.id, sessionMaxAgeSeconds() * 1000);
      }
      return token;
    },
    session({ session, token }) {
      const authenticatedAt = token.authenticatedAt ?? 0; // a token without it (older than this code) is expired
      return {
        ...session,
        user: { ...session.user, id: token.sub ?? "" },
        sessionVersion: token.sessionVersion ?? -1,
        authenticatedAt,
        ...(token.sid ? { sid: token.sid } : {}),
        expires: sessionExpiresAt({ authenticatedAt }, sessionMaxAgeSeconds()).toISOString(),
      };
    },
  },
  events: {
    // Logging out ends the user's sessions everywhere, so a copy of this session's cookie is worthless too; audited.
    async signOut({ token }) {
      if (token?.sub) await logOut(token.sub);
    },
  },
};
