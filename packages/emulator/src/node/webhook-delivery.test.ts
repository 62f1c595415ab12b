// Webhook posts reach a real HTTP receiver on loopback, which checks each signature on its own with
// node:crypto and the public key from get_organization_configs, as the webhooks page tells integrators to.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { limit } from '../core/document.js';
import { createTestContext, type TestContext } from '../core/testing/context.js';

interface Post {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  receivedAtMs: number;
}

let t: TestContext | undefined;
let receiver: Server | undefined;
afterEach(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  t = undefined;
  receiver = undefined;
});

/** A receiver on 127.0.0.1 that answers 503 to the first `failFirst` posts, then 204. */
async function startReceiver(failFirst: number): Promise<{ url: string; posts: Post[] }> {
  const posts: Post[] = [];
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      posts.push({ headers: request.headers, body, receivedAtMs: Date.now() });
      response.writeHead(posts.length <= failFirst ? 503 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sigil/activities`, posts };
}

const MAX_AGE_MS = limit<number>('webhook-signature-max-age') * 1000;

/** What an integrator's endpoint does: header present, key id known, timestamp fresh, signature valid. */
function verifies(post: Post, key: KeyObject, keyId: string, nowMs = post.receivedAtMs): boolean {
  const timestamp = post.headers['x-sigil-webhook-timestamp'];
  const signature = post.headers['x-sigil-webhook-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || post.headers['x-sigil-webhook-key-id'] !== keyId) return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(nowMs - Number(timestamp)) > MAX_AGE_MS) return false;
  return verify('sha256', Buffer.from(`${timestamp}.${post.body}`, 'utf8'), { key, dsaEncoding: 'der' }, Buffer.from(signature, 'hex'));
}

describe('webhook delivery', () => {
  it('signs every post, retries included, with the key get_organization_configs publishes', { timeout: 20_000 }, async () => {
    const { url, posts } = await startReceiver(1);
    t = await createTestContext({ fetch: globalThis.fetch });
    await t.root.client.setOrganizationFeature({ name: 'FEATURE_NAME_WEBHOOK', value: url });
    const { configs } = await t.root.client.getOrganizationConfigs({});
    const published = configs.webhookSigningKey!;
    expect(published).toMatchObject({ algorithm: 'ECDSA_P256_SHA256', keyId: expect.stringMatching(/^whk_/) });
    expect(published.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/);
    const key = createPublicKey(published.publicKey);
    expect(key.asymmetricKeyDetails).toMatchObject({ namedCurve: 'prime256v1' });

    const tag = await t.root.client.createUserTag({ userTagName: 'ops', userIds: [] });
    // The feature's own activity is refused once (503) and retried after the first delay, re-signed.
    await vi.waitFor(() => expect(posts.length).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 50 });
    for (const post of posts) expect(verifies(post, key, published.keyId)).toBe(true);
    const byActivity = (id: string) => posts.filter((post) => (JSON.parse(post.body) as { activity: { id: string } }).activity.id === id);
    expect(byActivity(tag.id)).toHaveLength(1);
    const retried = posts.filter((post) => post.body === posts[0]!.body);
    expect(retried).toHaveLength(2);
    expect(Number(retried[1]!.headers['x-sigil-webhook-timestamp'])).toBeGreaterThan(Number(retried[0]!.headers['x-sigil-webhook-timestamp']));

    // What the receiver must refuse: a changed body, a replayed post, another key.
    const post = byActivity(tag.id)[0]!;
    expect(verifies({ ...post, body: post.body.replace('ACTIVITY_STATUS_COMPLETED', 'ACTIVITY_STATUS_FAILED') }, key, published.keyId)).toBe(false);
    expect(verifies(post, key, published.keyId, post.receivedAtMs + MAX_AGE_MS + 1000)).toBe(false);
    expect(verifies(post, key, 'whk_other')).toBe(false);
  });

  it('keeps the signing key when the URL changes', async () => {
    t = await createTestContext({ fetch: async () => new Response(null, { status: 204 }) });
    await t.root.client.setOrganizationFeature({ name: 'FEATURE_NAME_WEBHOOK', value: 'https://hooks.example/one' });
    const first = (await t.root.client.getOrganizationConfigs({})).configs.webhookSigningKey;
    await t.root.client.setOrganizationFeature({ name: 'FEATURE_NAME_WEBHOOK', value: 'https://hooks.example/two' });
    await t.root.client.removeOrganizationFeature({ name: 'FEATURE_NAME_WEBHOOK' });
    expect((await t.root.client.getOrganizationConfigs({})).configs.webhookSigningKey).toEqual(first);
  });
});
