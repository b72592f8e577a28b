// next-auth configuration: email + password against our User table, JWT sessions that expire. The session only
// carries the user id; every request re-reads the user (lib/auth/session.ts) so a disabled user is refused at once.
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { verifyPassword } from "./password";
import { safeCallbackPath } from "./safe-callback";
import { clearFailures, lockedFor, recordFailure } from "./throttle";

const credentialsSchema = z.object({
  email: z.email().transform((email) => email.toLowerCase()),
  password: z.string().min(1).max(1024),
});

export const WRONG_CREDENTIALS = "Wrong email or password.";

function sessionMaxAgeSeconds(): number {
  const hours = Number(process.env.SESSION_MAX_AGE_HOURS ?? 12);
  return Math.round((Number.isFinite(hours) && hours > 0 ? hours : 12) * 3600);
}

export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds() },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) throw new Error(WRONG_CREDENTIALS);
        const { email, password } = parsed.data;
        const key = `email:${email}`;
        const wait = await lockedFor(key);
        if (wait > 0) {
          throw new Error(`Too many failed attempts. Try again in ${Math.ceil(wait / 60_000)} minute(s).`);
        }
        const user = await db.user.findUnique({ where: { email }, omit: { passwordHash: false } });
        const ok = user ? await verifyPassword(user.passwordHash, password) : false;
        if (!user || !ok) {
          await recordFailure(key);
          throw new Error(WRONG_CREDENTIALS);
        }
        if (user.disabledAt) throw new Error("This account is disabled. Ask an administrator.");
        await clearFailures(key);
        await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
  ],
  callbacks: {
    // next-auth's own redirects (sign-in, sign-out callbackUrl) stay on this console.
    redirect({ url, baseUrl }) {
      return new URL(safeCallbackPath(url, baseUrl), baseUrl).toString();
    },
    jwt({ token, user }) {
      if (user) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
      return session;
    },
  },
};
