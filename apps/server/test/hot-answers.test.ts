import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exactContractJson, plainJson } from '../src/lib/route';

/**
 * The hot calls' answers are sent as built in production; in development and the tests they must
 * be exactly the contract's (docs/decisions/platform-hot-answers-serialised-as-built.md). Every hot call's
 * API and end-to-end tests run through `exactContractJson`.
 */
const schema = z.object({ id: z.number(), name: z.string(), tags: z.array(z.string()), note: z.string().nullable() });
const route = { schema, method: 'GET', url: '/api/example' };

describe('serialisers of the hot calls', () => {
  it('sends an answer that is exactly the contract’s as it was built', () => {
    const answer = { name: '陽翔', id: 1, tags: ['a'], note: null };
    expect(exactContractJson(route)(answer)).toBe(JSON.stringify(answer));
    expect(plainJson()(answer)).toBe(JSON.stringify(answer));
  });

  it('refuses in tests an answer with a field the contract does not have (production would send it)', () => {
    const leaking = { id: 1, name: '陽翔', tags: [], note: null, password_hash: 'x' };
    expect(() => exactContractJson(route)(leaking)).toThrow(/more or other than the contract/);
  });

  it('refuses an answer the contract does not accept', () => {
    expect(() => exactContractJson(route)({ id: '1', name: '陽翔', tags: [], note: null })).toThrow();
    expect(() => exactContractJson(route)({ id: 1, name: '陽翔', tags: [] })).toThrow();
  });
});
