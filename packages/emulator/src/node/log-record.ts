// One line of the change log: `<crc32 of the JSON, 8 hex> <JSON array of changes>\n`.
// The checksum and the closing newline together tell a complete record from one torn by a crash:
// a cut-off line either lacks its newline or fails the checksum, so it is dropped, never misread.
import { crc32 } from 'node:zlib';
import type { Change } from '../core/types.js';

const NEWLINE = 0x0a;

export function encodeRecord(changes: readonly Change[]): string {
  const json = JSON.stringify(changes);
  return `${checksum(json)} ${json}\n`;
}

function checksum(json: string): string {
  return crc32(json).toString(16).padStart(8, '0');
}

export interface DecodedLog {
  records: Change[][];
  /** Bytes of the file taken by complete, valid records; anything after it is a torn tail. */
  validBytes: number;
  /** Bytes after `validBytes` (a record cut off by a crash), 0 when the file ends cleanly. */
  tornBytes: number;
}

export class CorruptLogError extends Error {
  constructor(
    readonly offset: number,
    reason: string,
  ) {
    super(`change log is corrupt at byte ${offset}: ${reason}`);
    this.name = 'CorruptLogError';
  }
}

/**
 * Reads every record of a log file's bytes. A bad record is accepted as a torn tail only when it is the
 * last line of the file; a bad record followed by more lines is damage a crash cannot cause, so it throws
 * instead of silently skipping acknowledged changes.
 */
export function decodeLog(bytes: Buffer): DecodedLog {
  const records: Change[][] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const end = bytes.indexOf(NEWLINE, offset);
    if (end === -1) return { records, validBytes: offset, tornBytes: bytes.length - offset };
    const problem = checkLine(bytes.toString('utf8', offset, end));
    if (typeof problem === 'string') {
      if (end + 1 === bytes.length) return { records, validBytes: offset, tornBytes: bytes.length - offset };
      throw new CorruptLogError(offset, problem);
    }
    records.push(problem);
    offset = end + 1;
  }
  return { records, validBytes: offset, tornBytes: 0 };
}

/** The record's changes, or a string saying why the line is not a valid record. */
function checkLine(line: string): Change[] | string {
  const match = /^([0-9a-f]{8}) /.exec(line);
  if (!match) return 'no checksum prefix';
  const json = line.slice(9);
  if (checksum(json) !== match[1]) return 'checksum mismatch';
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return 'not JSON';
  }
  if (!Array.isArray(parsed) || !parsed.every(isChange)) return 'not an array of changes';
  return parsed as Change[];
}

function isChange(value: unknown): value is Change {
  if (typeof value !== 'object' || value === null) return false;
  const { collection, id } = value as Record<string, unknown>;
  return typeof collection === 'string' && typeof id === 'string' && 'value' in value;
}
