// GET|POST /api/auth/* – next-auth's sign-in, sign-out, session and CSRF endpoints.
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };
