// The live status hub (socket.io at /status-hub). One connection per page, shared by every
// plugin (the SDK is a federation singleton). Rooms are joined while a component needs them
// and re-joined after a reconnect; a failed or closed connection retries every 5 seconds.
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getToken } from './api/client.ts';
import { TIMING } from './messages.ts';

let socket: Socket | undefined;
const roomCounts = new Map<string, number>();

export function hubSocket(): Socket {
  if (socket) return socket;
  socket = io({
    path: '/status-hub',
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionDelay: TIMING.hubReconnectMs,
    reconnectionDelayMax: TIMING.hubReconnectMs,
    randomizationFactor: 0,
    auth: (cb) => cb({ token: getToken() }),
  });
  socket.on('connect', () => {
    for (const room of roomCounts.keys()) socket!.emit('join', room);
  });
  // A server-side disconnect is not retried by socket.io itself: retry after the same delay.
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') setTimeout(() => socket?.connect(), TIMING.hubReconnectMs);
  });
  return socket;
}

/** Reconnects with the current token (after login or logout). */
export function resetHub(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}

function join(room: string): void {
  const n = roomCounts.get(room) ?? 0;
  roomCounts.set(room, n + 1);
  const s = hubSocket();
  if (n === 0 && s.connected) s.emit('join', room);
}

function leave(room: string): void {
  const n = (roomCounts.get(room) ?? 1) - 1;
  if (n > 0) return void roomCounts.set(room, n);
  roomCounts.delete(room);
  socket?.emit('leave', room);
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
    const s = hubSocket();
    const listener = (payload: T) => {
      setLast(payload);
      handler.current?.(payload);
    };
    s.on(event, listener);
    join(room);
    return () => {
      s.off(event, listener);
      leave(room);
    };
  }, [room, event]);
  return last;
}
