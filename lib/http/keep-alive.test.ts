// What a client is told about an idle connection by a server Tuma keeps alive (the web server, the importer, the test
// harness's receipt server): 65 s, so a client — undici keeps one idle for the advertised time less a second or two —
// closes it first, and never sends a request on a socket the server is closing.
import http from "node:http";
import { expect, test } from "vitest";
import { KEEP_ALIVE_MS, keepConnectionsAlive } from "./keep-alive";
import { serverForFile } from "@/test/loopback-server";

const server = http.createServer((_request, response) => response.end("ok"));
keepConnectionsAlive(server);
const url = `${(await serverForFile(server)).url}/`;

test("a kept-alive connection is advertised for 65 s, not Node's 5 s, and the same socket serves the next request", async () => {
  const agent = new http.Agent({ keepAlive: true });
  const get = () =>
    new Promise<{ headers: http.IncomingHttpHeaders; port: number }>((resolve, reject) =>
      http
        .get(url, { agent }, (response) => {
          const port = response.socket.localPort ?? 0;
          response.resume();
          response.on("end", () => resolve({ headers: response.headers, port }));
        })
        .on("error", reject),
    );
  try {
    const first = await get();
    expect(first.headers["keep-alive"]).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    expect(KEEP_ALIVE_MS).toBe(65_000);
    expect((await get()).port).toBe(first.port);
  } finally {
    agent.destroy();
  }
});
