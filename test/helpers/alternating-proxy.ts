import http from 'node:http';
import net from 'node:net';

// A load balancer without sticky sessions, as small as one can be: each HTTP request and each
// WebSocket connection goes to the next node in turn, whoever made it. `served` records which
// node took each, so a test can show that a flow crossed nodes.

export interface AlternatingProxy {
  url: string;
  wsUrl: string;
  /** The node (its base URL) that took each request or socket, in order. */
  served: string[];
  /** Sends the next request or socket to `target` (the turn goes on from there). */
  nextTo(target: string): void;
  close(): Promise<void>;
}

export async function startAlternatingProxy(targets: readonly string[]): Promise<AlternatingProxy> {
  let turn = 0;
  const served: string[] = [];
  const pick = (): URL => {
    const t = targets[turn % targets.length]!;
    turn++;
    served.push(t);
    return new URL(t);
  };
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const t = pick();
    const up = http.request(
      {
        host: t.hostname,
        port: t.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: false,
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A client that gives up mid-request ends the request to the node too, as a real proxy does.
    req.on('aborted', () => up.destroy());
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('upgrade', (req, socket, head) => {
    const t = pick();
    const up = net.connect(Number(t.port), t.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) up.write(head);
      socket.pipe(up).pipe(socket);
    });
    sockets.add(up);
    up.on('close', () => sockets.delete(up));
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${addr.port}`,
    wsUrl: `ws://127.0.0.1:${addr.port}/ws`,
    served,
    nextTo(target) {
      const i = targets.indexOf(target);
      if (i < 0) throw new Error(`not a node of this proxy: ${target}`);
      turn = i;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
