// How long Tuma's HTTP servers keep an idle connection open. Node's default, 5 s, is about what clients keep one idle
// for (undici: the server's advertised timeout less a second or two), so the server closing first races a client
// reusing the socket, and a loaded machine loses that race: the client's POST — a provider's receipt, an upload
// handed to the importer — meets ECONNRESET, and a POST cannot be sent again blindly. Longer than clients keep a
// connection idle, the client closes first. Headers must be allowed longer still (Node's rule for the two).
import type http from "node:http";

export const KEEP_ALIVE_MS = 65_000;

export function keepConnectionsAlive(server: http.Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
