import type { Guardian } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { childUser, users } from '../../db/schema';

/** A guardian as another guardian of the child sees them: no more than the contract's fields. */
export function presentGuardian(
  ctx: AppContext,
  user: typeof users.$inferSelect,
  pivot: typeof childUser.$inferSelect,
): Guardian {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image_url: ctx.files.url(user.imageKey, { variant: 'thumb' }),
    pivot: { type: pivot.type, main: pivot.main, writable: pivot.writable },
  };
}
