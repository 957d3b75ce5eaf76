// The session as plugins see it. The shell provides it; plugins read it with useSession().
import { createContext, useContext } from 'react';
import type { Role } from './manifest.ts';

export type SessionUser = {
  id: number;
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  emailConfirmed: boolean;
  roles: Role[];
  featureAccess: string[];
  units: number;
};

export type Session = {
  user: SessionUser | null;
  /** True until the stored token has been checked. */
  loading: boolean;
  isRegistered: boolean;
  isAdmin: boolean;
  isFullAdmin: boolean;
  hasRole(role: Role): boolean;
  /** Opens the login modal (with an optional message, e.g. 'Please log in to continue'). */
  requestLogin(message?: string): void;
  logout(): void;
  /** Stores a token from a login response and loads the user. */
  signIn(token: string): Promise<void>;
};

const anonymous: Session = {
  user: null,
  loading: false,
  isRegistered: false,
  isAdmin: false,
  isFullAdmin: false,
  hasRole: () => false,
  requestLogin: () => {},
  logout: () => {},
  signIn: async () => {},
};

export const SessionContext = createContext<Session>(anonymous);

export function useSession(): Session {
  return useContext(SessionContext);
}

export function sessionFor(user: SessionUser | null, loading: boolean, actions: Pick<Session, 'requestLogin' | 'logout' | 'signIn'>): Session {
  const hasRole = (role: Role) => !!user && user.emailConfirmed && user.roles.includes(role);
  const isAdmin = hasRole('Admin') || hasRole('PartialAdmin');
  return { user, loading, hasRole, isAdmin, isFullAdmin: hasRole('Admin'), isRegistered: hasRole('Registered') || isAdmin, ...actions };
}
