// socket.io at /status-hub. Clients join and leave rooms per item (`project:{id}`,
// `scenario:{id}`, `user:{name}`, ...). Joining is authorised per room kind by the module that
// owns it; events arrive from the status bus, so any API instance can push any job's progress.
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { TokenService } from '../http/auth.ts';
import type { User } from '../modules/users/models.ts';
import type { StatusBus } from './bus.ts';

export type RoomAuthorizer = (user: User | undefined, id: string) => Promise<boolean> | boolean;

/** Room kinds authorised by the modules that own them (registered when their routes register). */
const moduleAuthorizers = new Map<string, RoomAuthorizer>();
export function registerRoomAuthorizer(kind: string, authorizer: RoomAuthorizer): void {
  moduleAuthorizers.set(kind, authorizer);
}

export class StatusHub {
  readonly io: Server;
  private readonly authorizers = new Map<string, RoomAuthorizer>();

  constructor(http: HttpServer, tokens: TokenService, bus: StatusBus) {
    this.io = new Server(http, { path: '/status-hub', serveClient: false, cors: { origin: false } });
    // A user's own room: only that user.
    this.authorize('user', (user, name) => !!user && user.userName.toLowerCase() === name.toLowerCase());
    // Site-wide announcements (plugin registry changes, alerts) are public.
    this.authorize('site', () => true);
    for (const [kind, authorizer] of moduleAuthorizers) this.authorize(kind, authorizer);

    this.io.on('connection', (socket) => {
      const token = (socket.handshake.auth as { token?: string } | undefined)?.token;
      // Listeners are attached at once (a join sent right after connecting must not be lost);
      // the user is resolved once and awaited by each join.
      const user = tokens.userFor(token).catch(() => undefined);
      socket.on('join', async (room: unknown, ack?: (ok: boolean) => void) => {
        const ok = typeof room === 'string' && (await this.mayJoin(await user, room));
        if (ok) await socket.join(room as string);
        if (typeof ack === 'function') ack(ok);
      });
      socket.on('leave', async (room: unknown, ack?: (ok: boolean) => void) => {
        if (typeof room === 'string') await socket.leave(room);
        if (typeof ack === 'function') ack(true);
      });
    });

    void bus.subscribe(({ room, event, payload }) => {
      this.io.to(room).emit(event, payload);
    });
  }

  /** Registers who may join rooms `${kind}:{id}`. */
  authorize(kind: string, authorizer: RoomAuthorizer): void {
    this.authorizers.set(kind, authorizer);
  }

  private async mayJoin(user: User | undefined, room: string): Promise<boolean> {
    const i = room.indexOf(':');
    const kind = i < 0 ? room : room.slice(0, i);
    const id = i < 0 ? '' : room.slice(i + 1);
    const authorizer = this.authorizers.get(kind) ?? moduleAuthorizers.get(kind);
    if (!authorizer) return false;
    try {
      return await authorizer(user, id);
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.io.close();
  }
}
