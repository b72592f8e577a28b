// Sends one request whose body is generated as it is written (never held in memory, so it can be 1 GiB) over a raw
// socket, honouring backpressure, and reports how many body bytes the server's side accepted before it answered and
// closed the connection. A server that reads a body into memory keeps accepting until the whole body is sent; one
// that refuses while the body streams stops after a few socket buffers' worth. Like curl, the client stops sending
// once the server has answered and said it closes the connection.
import fs from "node:fs";
import net from "node:net";
import { LINGER_BYTES } from "@/lib/web-server/limit-request-body";

/** The most a TCP socket's kernel buffers may hold on this machine (receive + send, as autotuning may grow them):
 * bytes a client wrote that the server never read. Read from the kernel's settings, which differ between machines
 * (32 MiB of receive buffer here), so a bound on refused bytes holds wherever the tests run. */
function socketBufferBytes(): number {
  const max = (name: string, fallback: number): number => {
    try {
      const fields = fs.readFileSync(`/proc/sys/net/ipv4/${name}`, "utf8").trim().split(/\s+/);
      return Number(fields[2]) || fallback;
    } catch {
      return fallback;
    }
  };
  return max("tcp_rmem", 6 * 1024 * 1024) + max("tcp_wmem", 4 * 1024 * 1024);
}

/** Bytes a refused body may have got past the client before the server closed: what the kernel buffers on both
 * sides hold, the lingering close's cap, and a mebibyte of chunks in flight. Still a small part of a 1 GiB body. */
export const REFUSAL_SLACK = LINGER_BYTES + socketBufferBytes() + 1024 * 1024;

export type StreamedExchange = {
  /** Body bytes the socket accepted (framing not counted). */
  written: number;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** True when the server ended the connection (false: we left it, after writing the whole body). */
  closedByServer: boolean;
};

export type StreamRequest = {
  baseUrl: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  /** How many body bytes to offer. */
  bytes: number;
  /** Declare the length up front (Content-Length) or send it chunked (Transfer-Encoding: chunked, no length). */
  framing: "content-length" | "chunked";
  /** The body's first bytes (a CSV header, say), counted in `bytes`. */
  prefix?: string;
  /** What the rest of the body says, repeated to 64 KiB pieces: "x" by default. */
  filler?: string;
};

const PIECE = 64 * 1024;

export function streamBody(request: StreamRequest): Promise<StreamedExchange> {
  const url = new URL(request.baseUrl);
  const piece = Buffer.alloc(PIECE, request.filler ?? "x");
  const prefix = Buffer.from(request.prefix ?? "");
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let written = 0;
    let response = Buffer.alloc(0);
    let serverEnded = false;
    let finishedWriting = false;
    // Set when the server has answered and said it will close: a well-behaved client stops sending then.
    let stopped = false;

    const head = [
      `${request.method ?? "POST"} ${request.path} HTTP/1.1`,
      `Host: ${url.host}`,
      request.framing === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${request.bytes}`,
      ...Object.entries(request.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      "",
      "",
    ].join("\r\n");

    function pieceFor(size: number): Buffer {
      const data =
        written === 0 && prefix.length > 0
          ? prefix.subarray(0, size)
          : size === PIECE
            ? piece
            : piece.subarray(0, size);
      return request.framing === "chunked"
        ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), data, Buffer.from("\r\n")])
        : data;
    }

    // Writes a piece at a time, waiting for "drain" when the socket pushes back and yielding to the event loop in
    // between (a loop of writes the kernel keeps taking would never read the answer); stops once the server has
    // answered and closes.
    function pump(): void {
      if (!socket.destroyed && !stopped && written < request.bytes) {
        const size = Math.min(written === 0 && prefix.length > 0 ? prefix.length : PIECE, request.bytes - written);
        const more = socket.write(pieceFor(size));
        written += size;
        if (more) setImmediate(pump);
        else socket.once("drain", pump);
        return;
      }
      if (socket.destroyed || stopped || finishedWriting) return;
      finishedWriting = true;
      if (request.framing === "chunked") socket.write("0\r\n\r\n");
      onAnswer();
    }

    function onAnswer(): void {
      const parsed = parse(response);
      if (!parsed?.complete) return;
      if (parsed.headers["connection"] === "close") {
        // The server refuses the rest: stop sending, end our side, and wait for it to close.
        stopped = true;
        socket.end();
      } else if (finishedWriting) {
        // The whole body sent and a whole answer read, on a connection the server keeps open: we leave.
        socket.destroy();
      }
    }

    socket.on("connect", () => {
      socket.write(head);
      pump();
    });
    socket.on("data", (chunk: Buffer) => {
      response = Buffer.concat([response, chunk]);
      onAnswer();
    });
    socket.on("end", () => (serverEnded = true));
    // A reset while we write is how a refusing server may end it: what was read before it counts.
    socket.on("error", () => {});
    socket.on("close", () => {
      const parsed = parse(response);
      if (!parsed) return reject(new Error(`no HTTP answer after ${written} body bytes`));
      resolve({ written, closedByServer: serverEnded, ...parsed });
    });
  });
}

function parse(raw: Buffer): (Omit<StreamedExchange, "written" | "closedByServer"> & { complete: boolean }) | null {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine = "", ...lines] = raw.subarray(0, end).toString("latin1").split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(":")).trim().toLowerCase(),
      line.slice(line.indexOf(":") + 1).trim(),
    ]),
  );
  const body = raw.subarray(end + 4);
  const length = headers["content-length"] === undefined ? null : Number(headers["content-length"]);
  const chunked = length === null && headers["transfer-encoding"] === "chunked";
  return {
    status: Number(statusLine.split(" ")[1]),
    headers,
    body: chunked ? unchunk(body) : body.toString("utf8"),
    complete: length !== null ? body.length >= length : chunked && body.subarray(-5).toString("latin1") === "0\r\n\r\n",
  };
}

/** A chunked body's data, as far as it has arrived. */
function unchunk(raw: Buffer): string {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(raw.subarray(at, lineEnd).toString("latin1"), 16);
    if (!(size > 0)) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts).toString("utf8");
}
