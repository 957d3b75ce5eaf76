import { hash, verify } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { User, type Role } from './models.ts';

export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function checkPassword(user: User, password: string): Promise<boolean> {
  try {
    return await verify(user.passwordHash, password);
  } catch {
    return false;
  }
}

export async function findByUserName(userName: string, trx?: Knex.Transaction): Promise<User | undefined> {
  return User.query(trx).whereRaw('lower(user_name) = lower(?)', [userName.trim()]).first();
}

export type NewUser = {
  userName: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  roles: Role[];
  emailConfirmed: boolean;
  tierId?: number | null;
  mfaExempt?: boolean;
};

export async function createUser(input: NewUser, trx?: Knex.Transaction): Promise<User> {
  return User.query(trx).insertAndFetch({
    userName: input.userName.trim(),
    email: input.email.trim(),
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    roles: input.roles,
    featureAccess: [],
    emailConfirmed: input.emailConfirmed,
    tierId: input.tierId ?? null,
    mfaExempt: input.mfaExempt ?? false,
  });
}
