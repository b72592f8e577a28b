// Logging in to a running console over plain HTTP, as a browser's form does (next-auth's CSRF token, then the
// credentials callback): for programs that drive a real console without a browser — the benchmarks
// (bench/bench-console.ts) and the deployment test (scripts/test-deploy.ts). Returns the session cookie.
export async function logInOverHttp(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const answer = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies(csrf).join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = cookies(answer).find((c) => c.includes("session-token="));
  if (!session) throw new Error(`Logging in over HTTP failed (${answer.status}).`);
  return session;
}
