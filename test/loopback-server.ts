// An HTTP server on loopback for a test file: listening before its tests, its connections cut and itself closed
// after them.
import http from "node:http";
import type net from "node:net";
import { afterAll } from "vitest";

/** `server` (or a new one answering with `handler`) on a free port of 127.0.0.1, closed after the file's tests. */
export async function serverForFile(server: http.Server | http.RequestListener) {
  const listening = server instanceof http.Server ? server : http.createServer(server);
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  afterAll(async () => {
    listening.closeAllConnections();
    await new Promise<void>((resolve) => listening.close(() => resolve()));
  });
  const { port } = listening.address() as net.AddressInfo;
  return { server: listening, port, url: `http://127.0.0.1:${port}` };
}
