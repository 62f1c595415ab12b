export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Whether `value` is hex (either case), optionally of exactly `bytes` bytes. */
export function isHex(value: unknown, bytes?: number): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(value)) return false;
  return bytes === undefined || value.length === bytes * 2;
}
