// A load balancer in front of several web processes, as an operator would put one (docs/scaling.md, "Many
// processes"): each HTTP request goes to the next backend in turn — per request, not per connection, because the
// provider's receipt poster keeps one connection alive and would otherwise land on one process only. Counts what each
// backend answered, and every answer's status, so a benchmark can show every process took its share and none refused.
// A new connection to the backend per request: a kept-alive one can be closed by the backend's idle timeout just as
// the next request is written to it (a reset that is the balancer's artefact, not the console's answer).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RoundRobinProxy = {
  url: string;
  /** Requests answered per backend, in the order given; answers by status ("502 <error>" when a backend could not be
   * reached). */
  counts: () => { answered: number[]; statuses: Record<string, number> };
  close: () => Promise<void>;
};

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const targets = backends.map((backend) => new URL(backend));
  const answered = targets.map(() => 0);
  const statuses: Record<string, number> = {};
  const tally = (status: string) => (statuses[status] = (statuses[status] ?? 0) + 1);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % targets.length;
    const target = targets[index]!;
    const upstream = http.request(
      {
        agent: false,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...hopByHopRemoved(request.headers), host: target.host, connection: "close" },
      },
      (answer) => {
        answered[index]!++;
        tally(String(answer.statusCode));
        response.writeHead(answer.statusCode ?? 502, hopByHopRemoved(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on("error", (error) => {
      tally(`502 ${error.message}`);
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => ({ answered: [...answered], statuses: { ...statuses } }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Connection headers are between two hops, not passed on: the client's connection to us stays kept alive. */
function hopByHopRemoved(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const { connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
  return rest;
}
