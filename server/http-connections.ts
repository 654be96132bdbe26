import type http from 'node:http';
import type { Socket } from 'node:net';

/** Sockets of each server that have not sent a byte yet (Node times a request from its first byte only). */
const silentSockets = new WeakMap<http.Server, Set<Socket>>();

/**
 * Node's `requestTimeout` covers a request from its first byte to its last, so a connection that
 * never sends anything would be kept forever: it is closed once `ms` pass in silence.
 */
export function closeSilentConnections(server: http.Server, ms: number): void {
  const silent = new Set<Socket>();
  silentSockets.set(server, silent);
  server.on('connection', (socket: Socket) => {
    silent.add(socket);
    const forget = () => {
      clearTimeout(timer);
      silent.delete(socket);
    };
    const timer = setTimeout(() => {
      forget();
      if (socket.bytesRead === 0) socket.destroy();
    }, ms);
    timer.unref();
    socket.once('close', forget);
  });
}

/**
 * Shutdown: `server.close()` closes only the connections idle at that moment. Until the server has
 * closed, this closes every connection as soon as it has no request in flight (a keep-alive one
 * after its last answer, one that never sent a byte), so the drain ends with the last request.
 */
export function reapIdleConnections(server: http.Server, everyMs = 100): () => void {
  const reap = () => {
    server.closeIdleConnections();
    for (const socket of silentSockets.get(server) ?? []) if (socket.bytesRead === 0) socket.destroy();
  };
  reap();
  const timer = setInterval(reap, everyMs);
  timer.unref();
  server.once('close', () => clearInterval(timer));
  return () => clearInterval(timer);
}
