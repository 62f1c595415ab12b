// Every address format and both derivation schemes against vectors published by the chains' own
// standards and SDKs (the source is named at each vector).
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { base58, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { document } from '../document.js';
import { addressOf, DERIVABLE_FORMATS, eip55, UNDERIVABLE_FORMATS } from './addresses.js';
import { deriveKey, isMnemonic, newMnemonic, seedOf, type Curve } from './derivation.js';

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function addressAt(mnemonic: string, curve: Curve, path: string, format: string): string {
  const key = deriveKey(seedOf(mnemonic), curve, path, 'path');
  return addressOf(format, curve, key.publicKey, 'addressFormat');
}

describe('derivation', () => {
  it('SLIP-0010 test vector 1 for ed25519 (satoshilabs/slips slip-0010.md)', () => {
    const seed = hexToBytes('000102030405060708090a0b0c0d0e0f');
    const vectors: Array<[string, string, string]> = [
      ["m/0'", '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3', '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c'],
      ["m/0'/1'/2'", '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9', 'ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1'],
      ["m/0'/1'/2'/2'/1000000000'", '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793', '3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a'],
    ];
    for (const [path, privateKey, publicKey] of vectors) {
      const key = deriveKey(seed, 'CURVE_ED25519', path, 'path');
      expect([hex(key.privateKey), hex(key.publicKey)]).toEqual([privateKey, publicKey]);
    }
    expect(hex(deriveKey(seed, 'CURVE_ED25519', 'm', 'path').privateKey)).toBe('2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7');
  });

  it('SLIP-0010 test vector 1 for secp256k1 (the BIP-32 vector)', () => {
    const key = deriveKey(hexToBytes('000102030405060708090a0b0c0d0e0f'), 'CURVE_SECP256K1', "m/0'/1/2'/2/1000000000", 'path');
    expect(hex(key.privateKey)).toBe('471b76e389e528d6de6d816857e012c5455051cad6660850e58372a6c3e6e7c8');
    expect(hex(key.publicKey)).toBe('022a471424da5e657499d1ff51cb43c47481a03b1e77f951fe64cec9f5a48f7011');
  });

  it('refuses non-hardened Ed25519 steps and malformed paths with code 3 naming the field', () => {
    const seed = seedOf(ABANDON);
    expect(() => deriveKey(seed, 'CURVE_ED25519', "m/44'/501'/0'/0", 'parameters.accounts[0].path')).toThrow(/hardened steps only/);
    expect(() => deriveKey(seed, 'CURVE_SECP256K1', 'm/2147483648', 'p')).toThrow(/above 2\^31 - 1/);
    expect(() => deriveKey(seed, 'CURVE_SECP256K1', "44'/60'", 'p')).toThrow(expect.objectContaining({ code: 3 }));
  });

  it('generates valid BIP-39 mnemonics of every documented length', () => {
    for (const words of [12, 15, 18, 21, 24]) {
      const mnemonic = newMnemonic(words);
      expect(mnemonic.split(' ')).toHaveLength(words);
      expect(isMnemonic(mnemonic)).toBe(true);
    }
  });
});

describe('addresses: one published vector per format', () => {
  it('Bitcoin mainnet: BIP-44, BIP-49, BIP-84 and BIP-86 first receive addresses of the abandon…about mnemonic', () => {
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/44'/0'/0'/0/0", 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH')).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/49'/0'/0'/0/0", 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2SH')).toBe('37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf');
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/84'/0'/0'/0/0", 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH')).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/86'/0'/0'/0/0", 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR')).toBe('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr');
  });

  it('Bitcoin test networks: the BIP-49 testnet vector; BIP-173 P2WPKH and P2WSH of the generator point; regtest from Bitcoin Core', () => {
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/49'/1'/0'/0/0", 'ADDRESS_FORMAT_BITCOIN_TESTNET_P2SH')).toBe('2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2');
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/49'/1'/0'/0/0", 'ADDRESS_FORMAT_BITCOIN_SIGNET_P2SH')).toBe('2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2');
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/49'/1'/0'/0/0", 'ADDRESS_FORMAT_BITCOIN_REGTEST_P2SH')).toBe('2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2');
    // BIP-173: the compressed generator point (private key 1).
    const G = secp256k1.getPublicKey(hexToBytes('00'.repeat(31) + '01'), true);
    const at = (format: string) => addressOf(format, 'CURVE_SECP256K1', G, 'f');
    expect(at('ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH')).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(at('ADDRESS_FORMAT_BITCOIN_TESTNET_P2WPKH')).toBe('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    expect(at('ADDRESS_FORMAT_BITCOIN_SIGNET_P2WPKH')).toBe('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    expect(at('ADDRESS_FORMAT_BITCOIN_REGTEST_P2WPKH')).toBe('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080');
    expect(at('ADDRESS_FORMAT_BITCOIN_MAINNET_P2WSH')).toBe('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3');
    expect(at('ADDRESS_FORMAT_BITCOIN_TESTNET_P2WSH')).toBe('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7');
    expect(at('ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH')).toBe('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH');
    // The same programs on the other networks differ only in prefix and checksum.
    for (const network of ['TESTNET', 'SIGNET', 'REGTEST']) {
      expect(at(`ADDRESS_FORMAT_BITCOIN_${network}_P2PKH`)).toBe('mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r');
      expect(at(`ADDRESS_FORMAT_BITCOIN_${network}_P2TR`).slice(network === 'REGTEST' ? 5 : 3, -6)).toBe(at('ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR').slice(3, -6));
    }
    expect(at('ADDRESS_FORMAT_BITCOIN_REGTEST_P2WSH')).toMatch(/^bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q/);
  });

  it('Ethereum: EIP-55 examples, the abandon…about BIP-44 account and private key 1', () => {
    for (const address of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
      expect(eip55(address.toLowerCase())).toBe(address);
    }
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/44'/60'/0'/0/0", 'ADDRESS_FORMAT_ETHEREUM')).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    const one = secp256k1.getPublicKey(hexToBytes('00'.repeat(31) + '01'), true);
    expect(addressOf('ADDRESS_FORMAT_ETHEREUM', 'CURVE_SECP256K1', one, 'f')).toBe('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf');
  });

  it('raw public keys', () => {
    const one = secp256k1.getPublicKey(hexToBytes('00'.repeat(31) + '01'), true);
    expect(addressOf('ADDRESS_FORMAT_COMPRESSED', 'CURVE_SECP256K1', one, 'f')).toBe('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');
    expect(addressOf('ADDRESS_FORMAT_UNCOMPRESSED', 'CURVE_SECP256K1', one, 'f')).toBe(
      '0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8',
    );
    const ed = hexToBytes('ea526ba1710343d953461ff68641f1b7df5f23b9042ffa2d2a798d3adb3f3d6c');
    expect(addressOf('ADDRESS_FORMAT_COMPRESSED', 'CURVE_ED25519', ed, 'f')).toBe(hex(ed));
    expect(addressOf('ADDRESS_FORMAT_UNCOMPRESSED', 'CURVE_ED25519', ed, 'f')).toBe(hex(ed));
  });

  it('Cosmos and Sei (the same key hash under each prefix), Tron, Dogecoin: abandon…about first accounts', () => {
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/44'/118'/0'/0/0", 'ADDRESS_FORMAT_COSMOS')).toBe('cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4');
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/44'/118'/0'/0/0", 'ADDRESS_FORMAT_SEI')).toBe('sei19rl4cm2hmr8afy4kldpxz3fka4jguq0a3vute5');
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/44'/195'/0'/0/0", 'ADDRESS_FORMAT_TRON')).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(addressAt(ABANDON, 'CURVE_SECP256K1', "m/44'/3'/0'/0/0", 'ADDRESS_FORMAT_DOGE_MAINNET')).toBe('DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC');
    // Dogecoin testnet: the same key hash under the testnet P2PKH version byte 0x71 (Dogecoin chainparams).
    const check = createBase58check(sha256);
    const mainnet = check.decode('DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC');
    const testnet = check.decode(addressAt(ABANDON, 'CURVE_SECP256K1', "m/44'/3'/0'/0/0", 'ADDRESS_FORMAT_DOGE_TESTNET'));
    expect([testnet[0], hex(testnet.subarray(1))]).toEqual([0x71, hex(mainnet.subarray(1))]);
  });

  it('Solana, Sui, Aptos and Stellar from their SDKs\' and SEP-0005\'s mnemonics', () => {
    expect(addressAt(ABANDON, 'CURVE_ED25519', "m/44'/501'/0'/0'", 'ADDRESS_FORMAT_SOLANA')).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
    // MystenLabs Sui TypeScript SDK, ed25519-keypair tests.
    const sui = 'film crazy soon outside stand loop subway crumble thrive popular green nuclear struggle pistol arm wife phrase warfare march wheat nephew ask sunny firm';
    expect(addressAt(sui, 'CURVE_ED25519', "m/44'/784'/0'/0'/0'", 'ADDRESS_FORMAT_SUI')).toBe('0xa2d14fad60c56049ecf75246a481934691214ce413e6a8ae2fe6834c173a6133');
    // Aptos TypeScript SDK unit-test wallet (legacy Ed25519 authentication key).
    const aptos = 'shoot island position soft burden budget tooth cruel issue economy destroy above';
    expect(addressAt(aptos, 'CURVE_ED25519', "m/44'/637'/0'/0'/0'", 'ADDRESS_FORMAT_APTOS')).toBe('0x07968dab936c1bad187c60ce4082f307d030d780e91e694ae03aef16aba73f30');
    // SEP-0005 test 2 (15 words) and test 3 (24 words).
    const sep2 = 'resource asthma orphan phone ice canvas fire useful arch jewel impose vague theory cushion top';
    expect(addressAt(sep2, 'CURVE_ED25519', "m/44'/148'/0'", 'ADDRESS_FORMAT_XLM')).toBe('GAVXVW5MCK7Q66RIBWZZKZEDQTRXWCZUP4DIIFXCCENGW2P6W4OA34RH');
    const sep3 = 'bench hurt jump file august wise shallow faculty impulse spring exact slush thunder author capable act festival slice deposit sauce coconut afford frown better';
    expect(addressAt(sep3, 'CURVE_ED25519', "m/44'/148'/9'", 'ADDRESS_FORMAT_XLM')).toBe('GDXOY6HXPIDT2QD352CH7VWX257PHVFR72COWQ74QE3TEV4PK2KCKZX7');
    expect(base58.decode(addressAt(ABANDON, 'CURVE_ED25519', "m/44'/501'/0'/0'", 'ADDRESS_FORMAT_SOLANA'))).toHaveLength(32);
  });

  it('XRP Ledger: the genesis account of rippled', () => {
    const key = hexToBytes('0330e7fc9d56bb25d6893ba3f317ae5bcf33b3291bd63db32654a313222f7fd020');
    expect(addressOf('ADDRESS_FORMAT_XRP', 'CURVE_SECP256K1', key, 'f')).toBe('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh');
  });
});

describe('addresses: coverage and refusals', () => {
  const documented = (document.components.schemas.AddressFormat as { enum: string[] }).enum;

  it('covers every ADDRESS_FORMAT_* of the document: derived, or listed as not derivable', () => {
    expect([...DERIVABLE_FORMATS, ...Object.keys(UNDERIVABLE_FORMATS)].sort()).toEqual([...documented].sort());
    expect(Object.keys(UNDERIVABLE_FORMATS)).toEqual(['ADDRESS_FORMAT_TON_V3R2', 'ADDRESS_FORMAT_TON_V4R2']);
  });

  it('answers TON formats with code 12 naming the format', () => {
    const key = hexToBytes('ea526ba1710343d953461ff68641f1b7df5f23b9042ffa2d2a798d3adb3f3d6c');
    expect(() => addressOf('ADDRESS_FORMAT_TON_V4R2', 'CURVE_ED25519', key, 'parameters.accounts[0].addressFormat')).toThrow(
      expect.objectContaining({ code: 12, message: expect.stringContaining('ADDRESS_FORMAT_TON_V4R2') }),
    );
  });

  it('answers a format on the wrong curve with code 3 and a message naming both', () => {
    const ed = hexToBytes('ea526ba1710343d953461ff68641f1b7df5f23b9042ffa2d2a798d3adb3f3d6c');
    expect(() => addressOf('ADDRESS_FORMAT_ETHEREUM', 'CURVE_ED25519', ed, 'f')).toThrow(expect.objectContaining({ code: 3, message: 'f: ADDRESS_FORMAT_ETHEREUM needs a CURVE_SECP256K1 (secp256k1) key, not CURVE_ED25519 (Ed25519)' }));
    const one = secp256k1.getPublicKey(hexToBytes('00'.repeat(31) + '01'), true);
    expect(() => addressOf('ADDRESS_FORMAT_SOLANA', 'CURVE_SECP256K1', one, 'f')).toThrow(expect.objectContaining({ code: 3, message: 'f: ADDRESS_FORMAT_SOLANA needs a CURVE_ED25519 (Ed25519) key, not CURVE_SECP256K1 (secp256k1)' }));
  });
});
