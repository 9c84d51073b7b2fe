import type { User } from '@renraku/contract';
import type { users } from '../../db/schema';
import type { AppContext } from '../../context';

type UserRow = typeof users.$inferSelect;

/** The only fields of a user that leave the server (never the password hash). */
export function presentUser(ctx: AppContext, user: UserRow): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image_url: ctx.files.url(user.imageKey),
    agreed_at: user.agreedAt ? user.agreedAt.toISOString() : null,
    idp: user.idpSub ? { sub: user.idpSub } : null,
  };
}
