// next-auth configuration: email + password against our User table, JWT sessions that expire. The session only
// carries the user id; every request re-reads the user (lib/auth/session.ts) so a disabled user is refused at once.
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { env } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { authenticate, LoginRefused, WRONG_CREDENTIALS } from "./authenticate";
import { safeCallbackPath } from "./safe-callback";

const credentialsSchema = z.object({
  email: z.email().transform((email) => email.toLowerCase()),
  password: z.string().min(1).max(1024),
});

/** The client address the web server put in its header; "unknown" when the console was not started by `npm start`. */
function clientAddressOf(headers: Record<string, unknown> | undefined): string {
  const value = headers?.[CLIENT_ADDRESS_HEADER];
  return typeof value === "string" && value !== "" ? value : "unknown";
}

export const authOptions: NextAuthOptions = {
  secret: env().NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: Math.round(env().SESSION_MAX_AGE_HOURS * 3600) },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) throw new Error(WRONG_CREDENTIALS);
        try {
          return await authenticate({ ...parsed.data, clientAddress: clientAddressOf(request.headers) });
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
