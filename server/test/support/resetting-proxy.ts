import net from "node:net";

export interface ResettingProxy {
  url: string;
  /** Requests answered with a reset, unread, because their kept-alive connection had gone stale. */
  readonly resets: number;
  /** Idle connections the proxy closed (with a FIN or a reset). */
  readonly closedIdle: number;
  /** An outage: every connection is dropped and the port refuses new ones, until restore(). */
  cut(): Promise<void>;
  /** Listens on the same port again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

interface Connection {
  client: net.Socket;
  upstream: net.Socket;
  servedRequests: number;
  awaitingAnswer: boolean;
  idleSince: number;
}

/**
 * A TCP proxy in front of an HTTP node that keeps kept-alive connections the way a node with a
 * very short keep-alive timeout does (Infinity for both options: a plain proxy), and that can cut
 * the node off altogether for a while. A connection that served a request and then sat idle longer
 * than `staleAfterMs` is dead to it: the next request on it gets a reset and never reaches the
 * node, as a request does that crosses the node's close. A connection that served a request and
 * then sat idle longer than `closeAfterMs` is closed, with a FIN or (at random) a reset.
 */
export async function startResettingProxy(target: string, options: { staleAfterMs?: number; closeAfterMs?: number } = {}): Promise<ResettingProxy> {
  const staleAfterMs = options.staleAfterMs ?? 50;
  const closeAfterMs = options.closeAfterMs ?? 200;
  const { hostname, port } = new URL(target);
  const connections = new Set<Connection>();
  let resets = 0;
  let closedIdle = 0;

  const drop = (connection: Connection, reset: boolean) => {
    connections.delete(connection);
    if (reset) connection.client.resetAndDestroy();
    else connection.client.destroy();
    connection.upstream.destroy();
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    const connection: Connection = { client, upstream, servedRequests: 0, awaitingAnswer: false, idleSince: Date.now() };
    connections.add(connection);
    // A peer gone away is what this proxy is about: its errors end the connection, nothing more.
    client.on("error", () => drop(connection, false));
    upstream.on("error", () => drop(connection, false));
    client.on("close", () => drop(connection, false));
    upstream.on("close", () => drop(connection, false));
    client.on("data", (chunk: Buffer) => {
      if (!connection.awaitingAnswer && connection.servedRequests > 0 && Date.now() - connection.idleSince > staleAfterMs) {
        resets++;
        drop(connection, true);
        return;
      }
      connection.awaitingAnswer = true;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (connection.awaitingAnswer) connection.servedRequests++;
      connection.awaitingAnswer = false;
      connection.idleSince = Date.now();
      client.write(chunk);
    });
  });
  const closer = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      // A kept-alive connection is one that served a request: a fresh one whose first request has
      // not reached the proxy yet (a starved machine) is the client's retry, not an idle connection.
      if (connection.awaitingAnswer || connection.servedRequests === 0 || now - connection.idleSince <= closeAfterMs) continue;
      closedIdle++;
      drop(connection, Math.random() < 0.5);
    }
  }, 20);

  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listen(0);
  const { port: proxyPort } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    get resets() {
      return resets;
    },
    get closedIdle() {
      return closedIdle;
    },
    cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of connections) drop(connection, false);
      return closed;
    },
    restore: () => listen(proxyPort),
    close() {
      clearInterval(closer);
      for (const connection of connections) drop(connection, false);
      return server.listening ? new Promise((resolve) => server.close(() => resolve())) : Promise.resolve();
    },
  };
}
