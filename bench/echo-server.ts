// The echo ceiling of bench/ws-items.ts: a bare `ws` server that answers each JSON frame
// with a small JSON frame carrying the same `s`. Run as a child process with PORT (and HOST).
import { WebSocketServer } from 'ws';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const wss = new WebSocketServer({ port, host, perMessageDeflate: false });

wss.on('connection', (socket) => {
  socket.on('message', (raw) => {
    let s: unknown;
    let o: unknown = 'echo';
    try {
      const f = JSON.parse(raw.toString()) as { o?: unknown; s?: unknown };
      s = f.s;
      o = f.o ?? o;
    } catch {
      // a broken frame still gets an answer, without `s`
    }
    socket.send(JSON.stringify({ o, b: { ok: true }, ...(s !== undefined ? { s } : {}) }));
  });
});
wss.on('listening', () => console.log(`echo listening on ${host}:${port}`));

const stop = () => {
  for (const c of wss.clients) c.terminate();
  wss.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
