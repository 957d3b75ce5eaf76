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

/** The bus room the hub itself listens on (no client may join it): the access of some users
 * changed (removed from a group, a project unshared), so their sockets re-check every room. */
const ACCESS_ROOM = 'hub:access';
const ACCESS_EVENT = 'access-changed';

/** Makes every API instance re-check the rooms of these users' sockets (leaving those they may no longer join). */
export async function publishAccessChanged(bus: Pick<StatusBus, 'publish'>, userIds: number[]): Promise<void> {
  if (userIds.length) await bus.publish(ACCESS_ROOM, ACCESS_EVENT, { userIds: [...new Set(userIds)] });
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
      socket.data.user = user;
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
      if (room === ACCESS_ROOM) {
        if (event === ACCESS_EVENT) void this.recheck((payload as { userIds?: number[] })?.userIds ?? []);
        return;
      }
      this.io.to(room).emit(event, payload);
    });
  }

  /** The users' sockets leave every room they may no longer join. */
  private async recheck(userIds: number[]): Promise<void> {
    const ids = new Set(userIds);
    for (const socket of this.io.sockets.sockets.values()) {
      const user = (await socket.data.user) as User | undefined;
      if (!user || !ids.has(user.id)) continue;
      for (const room of [...socket.rooms]) {
        if (room !== socket.id && !(await this.mayJoin(user, room))) await socket.leave(room);
      }
    }
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
