// The live status hub (socket.io at /status-hub). One connection per page, shared by every
// plugin (the SDK is a federation singleton), opened on first use: socket.io-client is
// loaded then, not with the first page. Rooms are joined while a component needs them and
// re-joined after a reconnect; a failed or closed connection retries every 5 seconds.
import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { getToken } from './api/client.ts';
import { TIMING } from './messages.ts';

let socket: Promise<Socket> | undefined;
const roomCounts = new Map<string, number>();

export function hubSocket(): Promise<Socket> {
  socket ??= import('socket.io-client').then(({ io }) => {
    const s = io({
      path: '/status-hub',
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionDelay: TIMING.hubReconnectMs,
      reconnectionDelayMax: TIMING.hubReconnectMs,
      randomizationFactor: 0,
      auth: (cb) => cb({ token: getToken() }),
    });
    s.on('connect', () => {
      for (const room of roomCounts.keys()) s.emit('join', room);
    });
    // A server-side disconnect is not retried by socket.io itself: retry after the same delay.
    s.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') setTimeout(() => s.connect(), TIMING.hubReconnectMs);
    });
    return s;
  });
  return socket;
}

/** Reconnects with the current token (after login or logout). */
export function resetHub(): void {
  void socket?.then((s) => {
    s.disconnect();
    s.connect();
  });
}

function join(s: Socket, room: string): void {
  const n = roomCounts.get(room) ?? 0;
  roomCounts.set(room, n + 1);
  if (n === 0 && s.connected) s.emit('join', room);
}

function leave(s: Socket, room: string): void {
  const n = (roomCounts.get(room) ?? 1) - 1;
  if (n > 0) return void roomCounts.set(room, n);
  roomCounts.delete(room);
  s.emit('leave', room);
}

/**
 * Joins `room` while mounted and calls `onEvent` for each `event` pushed to it; returns the
 * last payload too. `room` null means nothing to watch.
 */
export function useLiveStatus<T = unknown>(room: string | null, event: string, onEvent?: (payload: T) => void): T | undefined {
  const [last, setLast] = useState<T>();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!room) return;
    let live = true;
    let detach: (() => void) | undefined;
    const listener = (payload: T) => {
      setLast(payload);
      handler.current?.(payload);
    };
    void hubSocket().then((s) => {
      if (!live) return;
      s.on(event, listener);
      join(s, room);
      detach = () => {
        s.off(event, listener);
        leave(s, room);
      };
    });
    return () => {
      live = false;
      detach?.();
    };
  }, [room, event]);
  return last;
}
