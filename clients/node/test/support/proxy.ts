/**
 * A loopback TCP proxy in front of the server, to cut connections on purpose
 * (a dropped connection, as a flaky network would drop it).
 */
import net from "node:net";

export interface Proxy {
  address: string;
  /** Destroys every open connection (new ones are still accepted). */
  dropAll(): number;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<Proxy> {
  const colon = target.lastIndexOf(":");
  const host = target.slice(0, colon);
  const port = Number(target.slice(colon + 1));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host, port });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: listening } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${listening}`,
    dropAll() {
      const n = sockets.size;
      for (const socket of sockets) socket.destroy();
      return n;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
