// Fail early, with the variable to change, when a port we need is taken.
import net from "node:net";
import { StartupError } from "./startup-error";

export async function assertPortFree(port: number, host: string, variable: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new StartupError(
          error.code === "EADDRINUSE"
            ? `Port ${port} is already in use; stop what is using it or set ${variable} to another port.`
            : `Cannot listen on port ${port} (${error.code ?? error.message}); set ${variable} to another port.`,
        ),
      );
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
  });
}

/** A loopback port that is free now, for a child to listen on (the importer, when IMPORTER_PORT is 0). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
