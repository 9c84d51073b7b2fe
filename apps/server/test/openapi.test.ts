/**
 * The OpenAPI document (`/api/docs/json`, lib/openapi.ts) states who may call each operation, its
 * error answers in the one error shape, and the multipart body of the uploads (issue 21, finding 10).
 */
import { describe, expect, it } from 'vitest';
import * as contract from '@renraku/contract';
import type { Call } from '@renraku/contract';
import { setupApp } from './harness';

const t = setupApp();

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: {
    content: Record<string, { schema: { type: string; required?: string[]; properties: Record<string, { format?: string }> } }>;
  };
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> }
  >;
}
type Doc = {
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
};

const calls = (Object.values(contract) as unknown[]).filter(
  (v): v is Call => !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'response' in v,
);

async function doc(): Promise<Doc> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const operationOf = (d: Doc, c: Pick<Call, 'method' | 'path'>) => d.paths[c.path]![c.method.toLowerCase()]!;
const errorShape = (op: Operation, status: number) => op.responses[String(status)]?.content?.['application/json']?.schema;

describe('OpenAPI document', () => {
  it('names the four security schemes: guardian session, staff session, device cookie, XSRF header', async () => {
    expect((await doc()).components.securitySchemes).toEqual({
      guardianSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'renraku_session' }),
      staffSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'renraku_staff_session' }),
      deviceCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'renraku_device' }),
      xsrfHeader: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' }),
    });
  });

  it('lists every call of the contract, each with its security and its error answers in the error schema', async () => {
    const d = await doc();
    for (const c of calls) {
      const op = operationOf(d, c);
      expect(op, `${c.method} ${c.path}`).toBeDefined();
      const needs = (op.security ?? []).flatMap((r) => Object.keys(r));
      if (c.method !== 'GET') expect(needs, `${c.method} ${c.path}`).toContain('xsrfHeader');
      if (c.path.startsWith('/api/staff/') && !needs.includes('deviceCookie') && needs.includes('staffSession')) {
        expect(op.responses['401'], `${c.method} ${c.path}`).toBeDefined();
      }
      if (c.params || c.query || c.body) expect(op.responses['422'], `${c.method} ${c.path}`).toBeDefined();
      if (c.params) expect(op.responses['404'], `${c.method} ${c.path}`).toBeDefined();
      for (const [status, answer] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const schema = answer.content?.['application/json']?.schema;
        expect(schema?.required, `${c.method} ${c.path} ${status}`).toEqual(['message']);
        expect(Object.keys(schema?.properties ?? {}), `${c.method} ${c.path} ${status}`).toEqual(['message', 'errors']);
      }
    }
  });

  it('says which session each kind of call needs', async () => {
    const d = await doc();
    expect(operationOf(d, contract.getChildren).security).toEqual([{ guardianSession: [] }]);
    expect(operationOf(d, contract.putChild).security).toEqual([{ guardianSession: [], xsrfHeader: [] }]);
    expect(operationOf(d, contract.getStaffMe).security).toEqual([{ staffSession: [] }]);
    expect(operationOf(d, contract.postStaffClass).security).toEqual([{ staffSession: [], xsrfHeader: [] }]);
    expect(operationOf(d, contract.getStaffDevice).security).toEqual([{ deviceCookie: [] }]);
    expect(operationOf(d, contract.postLogin).security).toEqual([{ xsrfHeader: [] }]);
    expect(operationOf(d, contract.getHealth).security).toEqual([]);
  });

  it('documents 401/403 for signed-in calls, 429 for the counted attempts, 419 for writes', async () => {
    const d = await doc();
    const child = operationOf(d, contract.getChild);
    expect(Object.keys(child.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '422']));
    expect(errorShape(child, 404)?.required).toEqual(['message']);
    expect(Object.keys(operationOf(d, contract.postLogin).responses)).toEqual(
      expect.arrayContaining(['200', '419', '422', '429']),
    );
    expect(Object.keys(operationOf(d, contract.postStaffLogin).responses)).toContain('429');
    expect(Object.keys(operationOf(d, contract.getChildren).responses)).not.toContain('429');
    expect(Object.keys(operationOf(d, contract.postLogout).responses)).toContain('419');
  });

  it('describes the uploads as multipart bodies with a binary file part', async () => {
    const d = await doc();
    for (const c of [contract.postChildImage, contract.postUserImage]) {
      const body = operationOf(d, c).requestBody?.content['multipart/form-data']?.schema;
      expect(body, c.path).toBeDefined();
      expect(body!.required).toEqual(['upload_file']);
      expect(body!.properties.upload_file).toMatchObject({ type: 'string', format: 'binary' });
      expect(body!.properties.content_name).toMatchObject({ type: 'string' });
      expect(Object.keys(operationOf(d, c).responses)).toEqual(expect.arrayContaining(['413', '422']));
    }
  });

  it('describes every upload call as multipart, the staff photo and notice file calls included (issue 30)', async () => {
    const d = await doc();
    const bodyOf = (c: Call) => operationOf(d, c).requestBody?.content['multipart/form-data']?.schema;
    for (const c of [contract.postStaffChildImage, contract.postStaffPickupPersonImage, contract.postStaffClassPhoto]) {
      expect(bodyOf(c), c.path).toBeDefined();
      expect(bodyOf(c)!.required).toEqual(['upload_file']);
      expect(bodyOf(c)!.properties.upload_file).toMatchObject({ type: 'string', format: 'binary' });
    }
    const noticeFile = bodyOf(contract.postStaffNoticeFile);
    expect(noticeFile!.required).toEqual(['upload_file']);
    expect(noticeFile!.properties.upload_file).toMatchObject({ format: 'binary', description: expect.stringContaining('PDF') });
    const proposal = bodyOf(contract.postChildPickupPerson);
    expect(proposal!.required).toEqual([]);
    expect(Object.keys(proposal!.properties)).toEqual(expect.arrayContaining(['upload_file', 'name', 'relation', 'phone']));
  });
});
