// The console's HTTP server (started by scripts/start.ts): Next's request handler behind a plain Node server, for one
// reason — App Router code cannot see the connection, so the client's address (needed to throttle log-ins per client)
// is decided here and passed on in a header the application trusts; any value a client sent in it is overwritten.
import http from "node:http";
import next from "next";
import { parseEnv } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "@/lib/http/client-address";

const env = parseEnv();
const app = next({ dev: false, dir: process.cwd(), hostname: env.HOSTNAME, port: env.PORT });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((request, response) => {
  request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(
    request.socket.remoteAddress,
    request.headers["x-forwarded-for"],
    env.TRUST_PROXY,
  );
  handle(request, response).catch((error: unknown) => {
    console.error("[web] unhandled error", error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  });
});
server.listen(env.PORT, env.HOSTNAME);

// Stop accepting, let requests in progress finish, then exit (the start script sends SIGTERM).
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});

// Under `npm start` (an IPC channel to its supervisor, lib/bootstrap/supervisor.ts): SIGINT is the supervisor's to act
// on — a Ctrl-C reaches every process of the group, and it stops the parts in order, this one with SIGTERM — and the
// supervisor's end (even by kill -9) is this process's end.
if (process.send) {
  process.on("SIGINT", () => {});
  process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
}
