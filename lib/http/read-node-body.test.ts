// The web server's body reader over real sockets: the whole body, the limit, and a client already gone.
import http from "node:http";
import net from "node:net";
import { afterEach, expect, test } from "vitest";
import { readNodeBody } from "./read-node-body";

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server whose handler hands each request to `onRequest`; its port. */
async function listen(onRequest: (request: http.IncomingMessage, response: http.ServerResponse) => void) {
  server = http.createServer(onRequest);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

test("the whole body as text, and null past the limit whether declared or chunked", async () => {
  const port = await listen((request, response) => {
    void readNodeBody(request, 10).then((text) => response.end(JSON.stringify(text)));
  });
  const post = (body: string, chunked = false) =>
    fetch(`http://127.0.0.1:${port}/`, {
      method: "POST",
      body: chunked ? new Blob([body]).stream() : body,
      ...(chunked ? { duplex: "half" } : {}),
    } as RequestInit).then((answer) => answer.json());
  expect(await post("héllo")).toBe("héllo");
  expect(await post("0123456789")).toBe("0123456789");
  expect(await post("0123456789A")).toBeNull();
  expect(await post("0123456789A", true)).toBeNull();
  expect(await post("")).toBe("");
});

test("a client gone before the body is read rejects at once instead of waiting for ever", async () => {
  let outcome: Promise<unknown> | undefined;
  const closed = new Promise<void>((resolve) => {
    void listen((request) => {
      // As when the client leaves during the receipt secret's lookup: the read starts after the close.
      request.once("close", () => {
        outcome = readNodeBody(request, 1_000).then(
          () => "read",
          (error: Error) => error.message,
        );
        resolve();
      });
    }).then((port) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\npartial");
        setTimeout(() => socket.destroy(), 50);
      });
    });
  });
  await closed;
  expect(await outcome).toBe("the connection closed before the body was read");
});
