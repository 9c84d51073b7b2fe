import type { Child, ViewableChild } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { childUser, children } from '../../db/schema';

type ChildRow = typeof children.$inferSelect;
type LinkRow = typeof childUser.$inferSelect;

/** A child as a linked guardian sees it in lists and on its page. */
export function presentChild(ctx: AppContext, child: ChildRow, pivot: LinkRow, facilityName: string | null): Child {
  // A pending invitee sees what the recognition screen shows (A §2: the kana first name and the
  // inviter), nothing more: no full name, photo, facility or QR (docs/decisions/guardians-pending-invitee-view.md).
  if (!pivot.activated) {
    return {
      id: child.id,
      first_name: '',
      last_name: '',
      first_name_kana: child.firstNameKana,
      last_name_kana: '',
      image_url: null,
      facility_name: null,
      qr_token: '',
      pivot: { type: pivot.type, main: pivot.main, writable: pivot.writable, activated: pivot.activated },
    };
  }
  return {
    id: child.id,
    first_name: child.firstName,
    last_name: child.lastName,
    first_name_kana: child.firstNameKana,
    last_name_kana: child.lastNameKana,
    image_url: ctx.files.url(child.imageKey, { variant: 'thumb' }),
    facility_name: facilityName,
    // The QR token is for the guardian's own, activated children only.
    qr_token: pivot.activated ? child.qrToken : '',
    pivot: { type: pivot.type, main: pivot.main, writable: pivot.writable, activated: pivot.activated },
  };
}

/** A child of the child pickers (events, schedules, growths). */
export const presentViewableChild = (ctx: AppContext, child: ChildRow, link: LinkRow): ViewableChild => ({
  id: child.id,
  first_name: child.firstName,
  first_name_kana: child.firstNameKana,
  image_url: ctx.files.url(child.imageKey, { variant: 'thumb' }),
  pivot: { activated: link.activated },
});
