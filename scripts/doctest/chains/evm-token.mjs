// A minimal ERC-20-style token for examples that call a contract: `transfer(address,uint256)` (moves balances,
// emits Transfer, returns true, reverts on too little balance), `balanceOf(address)` and `decimals()` (6). A
// holder's balance is the storage slot named by its address, so a setup can give one with evm_setAccountStorageAt.
// The runtime code is assembled here from mnemonics, so what runs on the chain is readable in this file.

const OPCODES = {
  ADD: 0x01, SUB: 0x03, LT: 0x10, EQ: 0x14, SHR: 0x1c, CALLER: 0x33, CALLDATALOAD: 0x35, MSTORE: 0x52, SLOAD: 0x54,
  SSTORE: 0x55, JUMPI: 0x57, JUMPDEST: 0x5b, DUP1: 0x80, DUP2: 0x81, DUP3: 0x82, SWAP1: 0x90, LOG3: 0xa3, RETURN: 0xf3,
  REVERT: 0xfd,
};

const hex = (bytes) => Buffer.from(bytes).toString('hex');
// The first 4 bytes of keccak256 of each function's signature, and the Transfer event's topic (keccak256 of
// `Transfer(address,address,uint256)`): the values every ERC-20 uses.
const SELECTORS = { 'transfer(address,uint256)': 'a9059cbb', 'balanceOf(address)': '70a08231', 'decimals()': '313ce567' };
const selector = (signature) => SELECTORS[signature];

/**
 * Assembles a list of mnemonics into bytecode (hex without 0x). `['PUSH', 'a9059cbb']` pushes that many bytes;
 * `'@name'` marks a JUMPDEST; `['JUMP_TO', 'name']` pushes its position (PUSH2).
 */
export function assemble(program) {
  const sizeOf = (item) => (Array.isArray(item) ? (item[0] === 'JUMP_TO' ? 3 : 1 + item[1].length / 2) : 1);
  const labels = new Map();
  let at = 0;
  for (const item of program) {
    if (typeof item === 'string' && item.startsWith('@')) labels.set(item.slice(1), at);
    at += sizeOf(item);
  }
  const out = [];
  for (const item of program) {
    if (typeof item === 'string' && item.startsWith('@')) out.push(OPCODES.JUMPDEST);
    else if (Array.isArray(item) && item[0] === 'JUMP_TO') {
      const target = labels.get(item[1]);
      if (target === undefined) throw new Error(`assemble: no label ${item[1]}`);
      out.push(0x61, target >> 8, target & 0xff);
    } else if (Array.isArray(item)) {
      const bytes = Buffer.from(item[1], 'hex');
      if (bytes.length < 1 || bytes.length > 32 || item[1].length !== bytes.length * 2) throw new Error(`assemble: PUSH takes 1 to 32 bytes of hex, not ${item[1]}`);
      out.push(0x5f + bytes.length, ...bytes);
    } else if (item in OPCODES) out.push(OPCODES[item]);
    else throw new Error(`assemble: unknown opcode ${item}`);
  }
  return hex(out);
}

const word = (n) => BigInt(n).toString(16).padStart(2, '0');
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The token's runtime code, hex without 0x. */
export const TOKEN_RUNTIME = assemble([
  ['PUSH', '00'], 'CALLDATALOAD', ['PUSH', 'e0'], 'SHR', // the 4-byte selector
  'DUP1', ['PUSH', selector('transfer(address,uint256)')], 'EQ', ['JUMP_TO', 'transfer'], 'JUMPI',
  'DUP1', ['PUSH', selector('balanceOf(address)')], 'EQ', ['JUMP_TO', 'balanceOf'], 'JUMPI',
  'DUP1', ['PUSH', selector('decimals()')], 'EQ', ['JUMP_TO', 'decimals'], 'JUMPI',
  ['PUSH', '00'], 'DUP1', 'REVERT',
  '@balanceOf', ['PUSH', '04'], 'CALLDATALOAD', 'SLOAD', ['PUSH', '00'], 'MSTORE', ['PUSH', '20'], ['PUSH', '00'], 'RETURN',
  '@decimals', ['PUSH', word(6)], ['PUSH', '00'], 'MSTORE', ['PUSH', '20'], ['PUSH', '00'], 'RETURN',
  // [sel] -> sender's balance and the amount; too little balance reverts.
  '@transfer', 'CALLER', 'SLOAD', ['PUSH', '24'], 'CALLDATALOAD', // [sel, bal, amt]
  'DUP1', 'DUP3', 'LT', ['JUMP_TO', 'fail'], 'JUMPI', // bal < amt
  'SWAP1', 'DUP2', 'SWAP1', 'SUB', 'CALLER', 'SSTORE', // balances[sender] = bal - amt; [sel, amt]
  ['PUSH', '04'], 'CALLDATALOAD', 'DUP1', 'SLOAD', 'DUP3', 'ADD', 'SWAP1', 'SSTORE', // balances[to] += amt
  ['PUSH', '00'], 'MSTORE', // the amount is the event's data; [sel]
  ['PUSH', '04'], 'CALLDATALOAD', 'CALLER', ['PUSH', TRANSFER_TOPIC], ['PUSH', '20'], ['PUSH', '00'], 'LOG3',
  ['PUSH', '01'], ['PUSH', '00'], 'MSTORE', ['PUSH', '20'], ['PUSH', '00'], 'RETURN',
  '@fail', ['PUSH', '00'], 'DUP1', 'REVERT',
]);

/** The storage slot and value that give `holder` a balance of `amount`, as evm_setAccountStorageAt takes them. */
export function balanceSlot(holder, amount) {
  const slot = `0x${holder.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;
  const value = `0x${BigInt(amount).toString(16).padStart(64, '0')}`;
  return { slot, value };
}
