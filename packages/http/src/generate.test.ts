import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClient } from '../scripts/generate.mjs';
import type { Stamper } from './stamper.js';

const fixturePath = fileURLToPath(new URL('../test/fixture-openapi.json', import.meta.url));
const baseModule = fileURLToPath(new URL('./base-client.js', import.meta.url));
const tsc = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
const baseTsconfig = fileURLToPath(new URL('../../../tsconfig.base.json', import.meta.url));

interface Recorded {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const stamper: Stamper = { stamp: async (body) => ({ stampHeaderName: 'X-Test-Stamp', stampHeaderValue: `len:${body.length}` }) };

// Compiled with the generated client: proves the method types are precise, not just present.
const USAGE = `
import { SigilClient, type Activity, type WhoamiResponse } from './client.js';
declare const client: SigilClient;
export async function usage(): Promise<void> {
  const me: WhoamiResponse = await client.whoami();
  const name: string = me.organizationName;
  await client.whoami({ organizationId: 'other-org' });
  const { activity } = await client.getActivity({ activityId: 'a1' });
  const status: Activity['status'] = activity.status;
  const created = await client.createWallet({ walletName: 'w', accounts: [] }, { organizationId: 'sub-org' });
  const walletId: string | undefined = created.result.createWalletResult?.walletId;
  // @ts-expect-error a create-wallet activity holds no read-only session result
  void created.result.createReadOnlySessionResult;
  const waited = await client.createWallet({ walletName: 'w', accounts: [] }, { wait: true });
  const final: 'COMPLETED' | 'FAILED' | 'REJECTED' | 'CONSENSUS_NEEDED' = waited.outcome;
  void waited.activity.result.createWalletResult?.walletId;
  const stamped = await client.stamp('createWallet', { walletName: 'w', accounts: [] });
  const sentBody: string = stamped.body;
  // @ts-expect-error stamp checks the input against the operation
  await client.stamp('createWallet', { accounts: [] });
  // @ts-expect-error walletName is required
  await client.createWallet({ accounts: [] });
  // @ts-expect-error activityId is required
  await client.getActivity({});
  // @ts-expect-error unknown parameter
  await client.createWallet({ walletName: 'w', accounts: [], bogus: 1 });
  void name; void status; void created; void walletId; void final; void sentBody;
}
`;

describe('generate.mjs against a fixture document', () => {
  let dir: string;
  let doc: Record<string, unknown>;

  beforeAll(async () => {
    doc = JSON.parse(await readFile(fixturePath, 'utf8')) as Record<string, unknown>;
    dir = await mkdtemp(join(tmpdir(), 'sigil-http-gen-'));
    await writeFile(join(dir, 'client.ts'), generateClient(doc, { typesModule: './fixture-types.js', baseModule }));
    await writeFile(join(dir, 'fixture-types.ts'), astToString(await openapiTS(doc as never)));
    await writeFile(join(dir, 'usage.ts'), USAGE);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: baseTsconfig, compilerOptions: { noEmit: true, types: [] }, include: ['*.ts'] }),
    );
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes code that type-checks strictly against openapi-typescript output', async () => {
    const result = await new Promise<{ code: number; out: string }>((resolve) =>
      execFile(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], (error, stdout, stderr) =>
        resolve({ code: error ? 1 : 0, out: stdout + stderr }),
      ),
    );
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);

  it('generates exactly one method per operation, with the right kinds and activity types', async () => {
    const mod = (await import(join(dir, 'client.ts'))) as typeof import('./generated/client.js');
    const methods = Object.getOwnPropertyNames(mod.SigilClient.prototype).filter((name) => name !== 'constructor');
    expect(methods.sort()).toEqual(['createReadOnlySession', 'createWallet', 'getActivity', 'listVerifiedSuborgs', 'stamp', 'whoami']);
    expect(mod.SIGIL_OPERATIONS.find((op) => op.operationId === 'createWallet')).toEqual({
      operationId: 'createWallet',
      path: '/public/v1/submit/create_wallet',
      kind: 'submission',
      activityType: 'ACTIVITY_TYPE_CREATE_WALLET',
      resultKey: 'createWalletResult',
    });
  });

  it('generated methods send the right paths and bodies', async () => {
    const mod = (await import(join(dir, 'client.ts'))) as typeof import('./generated/client.js');
    const recorded: Recorded[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      recorded.push({ url, headers: init.headers as Record<string, string>, body: String(init.body) });
      const answer = url.includes('/submit/') ? { activity: { id: 'a1', status: 'ACTIVITY_STATUS_PENDING' } } : { ok: true };
      return new Response(JSON.stringify(answer), { status: 200 });
    }) as unknown as typeof fetch;
    const client = new mod.SigilClient({ baseUrl: 'http://fake/', organizationId: 'org-1', stamper, fetch: fakeFetch });

    await client.whoami();
    await client.listVerifiedSuborgs({ filterType: 'EMAIL', filterValue: 'a@example.com' } as never);
    const activity = await client.createReadOnlySession(undefined, { timestampMs: 5 });
    expect(activity).toEqual({ id: 'a1', status: 'ACTIVITY_STATUS_PENDING' });

    expect(recorded.map((r) => r.url)).toEqual([
      'http://fake/public/v1/query/whoami',
      'http://fake/public/v1/query/list_verified_suborgs',
      'http://fake/public/v1/submit/create_read_only_session',
    ]);
    expect(JSON.parse(recorded[0]!.body)).toEqual({ organizationId: 'org-1' });
    // This query has no organizationId field, so none is added.
    expect(JSON.parse(recorded[1]!.body)).toEqual({ filterType: 'EMAIL', filterValue: 'a@example.com' });
    expect(recorded[2]!.body).toBe(
      '{"type":"ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION","timestampMs":"5","organizationId":"org-1","parameters":{}}',
    );
    expect(recorded[2]!.headers['X-Test-Stamp']).toBe(`len:${recorded[2]!.body.length}`);
  });

  it('rejects documents that break the conventions', () => {
    const broken = structuredClone(doc) as { paths: Record<string, { post: Record<string, unknown> }> };
    delete broken.paths['/public/v1/submit/create_wallet']!.post['x-sigil-activity-type'];
    expect(() => generateClient(broken)).toThrow(/create_wallet: submission needs x-sigil-activity-type/);

    const contradicting = structuredClone(doc) as typeof broken;
    contradicting.paths['/public/v1/query/whoami']!.post['x-sigil-kind'] = 'submission';
    expect(() => generateClient(contradicting)).toThrow(/contradicts the path/);

    const duplicate = structuredClone(doc) as typeof broken;
    duplicate.paths['/public/v1/query/get_activity']!.post.operationId = 'whoami';
    expect(() => generateClient(duplicate)).toThrow(/also used by/);

    const noResult = structuredClone(doc) as typeof broken;
    delete noResult.paths['/public/v1/submit/create_wallet']!.post['x-sigil-result'];
    expect(() => generateClient(noResult)).toThrow(/create_wallet: submission needs x-sigil-result/);

    const sessionSubmission = structuredClone(doc) as typeof broken;
    sessionSubmission.paths['/public/v1/submit/create_wallet']!.post.security = [{ ReadOnlySession: [] }];
    expect(() => generateClient(sessionSubmission)).toThrow(/cannot accept X-Session/);
  });
});
