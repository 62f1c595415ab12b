import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Change } from '../core/types.js';
import { CorruptLogError, decodeLog, encodeRecord } from './log-record.js';

const batch = (n: number): Change[] => [
  { collection: 'users', id: `u${n}`, value: { name: `user ${n}`, note: 'ünïcode ✓' } },
  { collection: 'apiKeys', id: `k${n}`, value: null },
];

describe('change log records', () => {
  it('round-trips batches, one line each', () => {
    const text = encodeRecord(batch(1)) + encodeRecord(batch(2));
    expect(text.split('\n')).toHaveLength(3);
    const decoded = decodeLog(Buffer.from(text));
    expect(decoded).toEqual({ records: [batch(1), batch(2)], validBytes: Buffer.byteLength(text), tornBytes: 0 });
  });

  it('drops a last record cut off at any byte, and keeps the ones before it', () => {
    const first = Buffer.from(encodeRecord(batch(1)));
    const second = Buffer.from(encodeRecord(batch(2)));
    for (let cut = 1; cut < second.length; cut++) {
      const decoded = decodeLog(Buffer.concat([first, second.subarray(0, cut)]));
      expect(decoded.records).toEqual([batch(1)]);
      expect(decoded.validBytes).toBe(first.length);
      expect(decoded.tornBytes).toBe(cut);
    }
  });

  it('drops a last line whose bytes were garbled, even when it still parses as JSON', () => {
    const first = encodeRecord(batch(1));
    const garbled = encodeRecord(batch(2)).replace('user 2', 'user 3');
    expect(() => JSON.parse(garbled.slice(9))).not.toThrow();
    const decoded = decodeLog(Buffer.from(first + garbled));
    expect(decoded.records).toEqual([batch(1)]);
    expect(decoded.tornBytes).toBe(Buffer.byteLength(garbled));
  });

  it('refuses a bad record in the middle: a crash cannot cause that', () => {
    const text = encodeRecord(batch(1)) + encodeRecord(batch(2)).replace('user 2', 'user 3') + encodeRecord(batch(4));
    expect(() => decodeLog(Buffer.from(text))).toThrow(CorruptLogError);
    expect(() => decodeLog(Buffer.from(text))).toThrow(/corrupt at byte \d+: checksum mismatch/);
  });

  it('refuses lines that are not change batches', () => {
    const json = JSON.stringify({ not: 'changes' });
    const line = `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
    expect(() => decodeLog(Buffer.from(line + encodeRecord(batch(1))))).toThrow(/not an array of changes/);
  });

  it('reads an empty log', () => {
    expect(decodeLog(Buffer.alloc(0))).toEqual({ records: [], validBytes: 0, tornBytes: 0 });
  });
});
