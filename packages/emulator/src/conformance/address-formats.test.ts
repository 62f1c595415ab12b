// Issue 19 asks that every address format the API document lists is either derived, or answers the documented
// error with a message saying why, and that the conformance output counts both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../core/document.js';
import { createTestContext, type TestContext } from '../core/testing/context.js';
import { UNDERIVABLE_FORMATS, curvesOf } from '../core/wallets/addresses.js';

const FORMATS = (document.components.schemas.AddressFormat as { enum: string[] }).enum;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('address formats of the API document', () => {
  it('derives each one on a private key created through the API, or answers code 12 naming it', async () => {
    const derived: string[] = [];
    const notDerived: string[] = [];
    for (const [i, format] of FORMATS.entries()) {
      const curve = curvesOf(format)?.[0] ?? 'CURVE_SECP256K1';
      const request = { privateKeys: [{ privateKeyName: `key ${i}`, curve, privateKeyTags: [], addressFormats: [format] }] };
      try {
        const activity = await t.root.client.createPrivateKeys(request as never);
        const [key] = activity.result.createPrivateKeysResult!.privateKeys;
        expect(key!.addresses, format).toEqual([{ format, address: expect.any(String) }]);
        expect(key!.addresses[0]!.address.length, format).toBeGreaterThan(0);
        derived.push(format);
      } catch (error) {
        expect(error, format).toMatchObject({ code: 12, message: expect.stringContaining(format) });
        notDerived.push(format);
      }
    }
    console.log(
      `address formats: derived ${derived.length} of ${FORMATS.length}; not derived (code 12): ${notDerived.join(', ') || 'none'}`,
    );
    // The list of formats the emulator cannot derive shrinks only on purpose.
    expect(notDerived.sort()).toEqual(Object.keys(UNDERIVABLE_FORMATS).sort());
    expect(derived.length + notDerived.length).toBe(FORMATS.length);
  });
});
