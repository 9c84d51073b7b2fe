import { describe, expect, it } from 'vitest';
import { homeFeedChildIds } from '../src/constants/feed';

const child = (id: number, activated: boolean | null) => ({ id, pivot: { activated } });

describe('homeFeedChildIds: the home feed’s default children (F §2)', () => {
  it('keeps the activated links in the list’s order, not pending or refused invitations', () => {
    expect(homeFeedChildIds([child(3, true), child(1, null), child(2, true), child(4, false)])).toEqual([3, 2]);
  });

  it('is empty for a guardian with invitations only', () => {
    expect(homeFeedChildIds([child(1, null)])).toEqual([]);
  });
});
