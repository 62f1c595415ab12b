// Solana transactions, read from the documented wire format by hand: a legacy or version-0 message,
// alone or inside a transaction (compact-u16 signature count, 64-byte signatures, then the message).
// Fills `solana.tx` for policies: the invoked program IDs, native SOL transfers (System Program
// instruction 2) and the recent blockhash.
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { invalid } from '../errors.js';
import { concatBytes } from '../encoding.js';

const FIELD = 'parameters.unsignedTransaction';
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}
  get done(): boolean {
    return this.offset === this.bytes.length;
  }
  u8(): number {
    if (this.offset >= this.bytes.length) throw new Error('ends early');
    return this.bytes[this.offset++]!;
  }
  take(n: number): Uint8Array {
    if (this.offset + n > this.bytes.length) throw new Error('ends early');
    const out = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
  /** compact-u16: 7 bits per byte, little end first, at most 3 bytes. */
  compact(): number {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = this.u8();
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('a compact-u16 is longer than 3 bytes');
  }
}

function compactBytes(value: number): Uint8Array {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>= 7;
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return new Uint8Array(out);
}

interface SolanaMessage {
  bytes: Uint8Array;
  version: 'legacy' | 0;
  requiredSignatures: number;
  accountKeys: string[];
  recentBlockhash: string;
  instructions: Array<{ programIndex: number; accounts: number[]; data: Uint8Array }>;
}

function readMessage(reader: Reader, start: number, all: Uint8Array): SolanaMessage {
  let version: SolanaMessage['version'] = 'legacy';
  let first = reader.u8();
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new Error(`message version ${first & 0x7f} is not known (only legacy and 0)`);
    version = 0;
    first = reader.u8();
  }
  const requiredSignatures = first;
  reader.u8(); // read-only signed accounts
  reader.u8(); // read-only unsigned accounts
  const keyCount = reader.compact();
  const accountKeys = Array.from({ length: keyCount }, () => base58.encode(reader.take(32)));
  const recentBlockhash = base58.encode(reader.take(32));
  const instructions = Array.from({ length: reader.compact() }, () => {
    const programIndex = reader.u8();
    const accounts = Array.from({ length: reader.compact() }, () => reader.u8());
    const data = reader.take(reader.compact());
    return { programIndex, accounts, data };
  });
  if (version === 0) {
    for (let i = reader.compact(); i > 0; i--) {
      reader.take(32);
      reader.take(reader.compact());
      reader.take(reader.compact());
    }
  }
  if (requiredSignatures === 0 || requiredSignatures > keyCount) throw new Error('the header names more signers than account keys');
  for (const instruction of instructions) {
    if (instruction.programIndex >= keyCount) throw new Error('a program ID comes from an address lookup table, which Solana does not allow');
  }
  return { bytes: all.subarray(start, reader.offset), version, requiredSignatures, accountKeys, recentBlockhash, instructions };
}

interface SolanaTx {
  message: SolanaMessage;
  signatures: Uint8Array[];
  context: { program_keys: string[]; transfers: Array<{ from: string; to: string; amount: string }>; recent_blockhash: string };
}

function tryTransaction(bytes: Uint8Array): { message: SolanaMessage; signatures: Uint8Array[] } | undefined {
  try {
    const reader = new Reader(bytes);
    const count = reader.compact();
    const signatures = Array.from({ length: count }, () => reader.take(64));
    const message = readMessage(reader, reader.offset, bytes);
    if (!reader.done || message.requiredSignatures !== count) return undefined;
    return { message, signatures };
  } catch {
    return undefined;
  }
}

export function parseSolana(hex: string): SolanaTx {
  const bytes = hexToBytes((hex.startsWith('0x') ? hex.slice(2) : hex).toLowerCase());
  let parsed = tryTransaction(bytes);
  if (!parsed) {
    try {
      const reader = new Reader(bytes);
      const message = readMessage(reader, 0, bytes);
      if (!reader.done) throw new Error(`${bytes.length - reader.offset} bytes follow the message`);
      parsed = { message, signatures: Array.from({ length: message.requiredSignatures }, () => new Uint8Array(64)) };
    } catch (error) {
      throw invalid(FIELD, `${FIELD}: not a Solana transaction or message (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const { message } = parsed;
  const programKeys = [...new Set(message.instructions.map((i) => message.accountKeys[i.programIndex]!))];
  const transfers = message.instructions
    .filter((i) => message.accountKeys[i.programIndex] === SYSTEM_PROGRAM && i.data.length === 12 && new DataView(i.data.buffer, i.data.byteOffset, 12).getUint32(0, true) === 2)
    .map((i) => {
      const [from, to] = i.accounts.map((index) => message.accountKeys[index]);
      if (from === undefined || to === undefined) {
        throw invalid(FIELD, `${FIELD}: a SOL transfer names an account from an address lookup table, which the emulator cannot resolve for policies`);
      }
      const amount = new DataView(i.data.buffer, i.data.byteOffset, 12).getBigUint64(4, true);
      return { from, to, amount: amount.toString() };
    });
  return { ...parsed, context: { program_keys: programKeys, transfers, recent_blockhash: message.recentBlockhash } };
}

/** Signs the message and returns the whole transaction, with the signature in the signer's slot, as lowercase hex. */
export function signSolana(parsed: SolanaTx, privateKey: Uint8Array, publicKey: Uint8Array): string {
  const signer = base58.encode(publicKey);
  const slot = parsed.message.accountKeys.slice(0, parsed.message.requiredSignatures).indexOf(signer);
  if (slot < 0) throw invalid('parameters.signWith', `parameters.signWith: ${signer} is not one of the transaction's signers`);
  const signatures = parsed.signatures.map((s) => s.slice());
  signatures[slot] = ed25519.sign(parsed.message.bytes, privateKey);
  return bytesToHex(concatBytes(compactBytes(signatures.length), ...signatures, parsed.message.bytes));
}
