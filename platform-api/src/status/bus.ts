// The status bus carries live events (job progress, notifications) from any process — API
// or worker, on any machine — to every API instance, which pushes them to its socket.io
// rooms. Redis pub/sub when the queue runs on Redis; an in-process emitter otherwise.
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type StatusEvent = { room: string; event: string; payload: unknown };
export interface StatusBus {
  publish(room: string, event: string, payload: unknown): Promise<void>;
  subscribe(listener: (e: StatusEvent) => void): Promise<void>;
  close(): Promise<void>;
}

export class RedisStatusBus implements StatusBus {
  private readonly pub: Redis;
  private sub?: Redis;
  private readonly url: string;
  private readonly channel: string;
  constructor(url: string, prefix = 'hw') {
    this.url = url;
    this.channel = `${prefix}:status`;
    this.pub = new Redis(url, { maxRetriesPerRequest: 3 });
    this.pub.on('error', () => {});
  }
  async publish(room: string, event: string, payload: unknown): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify({ room, event, payload }));
  }
  async subscribe(listener: (e: StatusEvent) => void): Promise<void> {
    this.sub ??= new Redis(this.url);
    this.sub.on('error', () => {});
    this.sub.on('message', (_channel: string, message: string) => {
      try {
        listener(JSON.parse(message) as StatusEvent);
      } catch {
        /* a malformed message is dropped: it came from a foreign publisher */
      }
    });
    await this.sub.subscribe(this.channel);
  }
  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub?.disconnect();
  }
}

export class MemoryStatusBus implements StatusBus {
  private readonly emitter = new EventEmitter();
  async publish(room: string, event: string, payload: unknown): Promise<void> {
    this.emitter.emit('event', { room, event, payload });
  }
  async subscribe(listener: (e: StatusEvent) => void): Promise<void> {
    this.emitter.on('event', listener);
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
