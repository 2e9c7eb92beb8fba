/**
 * The ranges of this computer and its local network, read from address text alone: nothing
 * here resolves a name or sends a packet.
 */
import { describe, expect, it } from 'vitest';
import {
  internalRange,
  isIpAddress,
  isLocalhostName,
} from '../../../src/engine/net/address-ranges.ts';

const rangeOf = (address: string) => internalRange(address)?.range ?? null;
/** What the URL parser makes of a host: the form the check reads. */
const hostOf = (url: string) => new URL(url).hostname;

describe('IPv4 ranges', () => {
  it.each([
    ['10.0.0.0', '10.0.0.0/8'],
    ['10.255.255.255', '10.0.0.0/8'],
    ['172.16.0.1', '172.16.0.0/12'],
    ['172.31.255.254', '172.16.0.0/12'],
    ['192.168.1.1', '192.168.0.0/16'],
    ['127.0.0.1', '127.0.0.0/8'],
    ['127.255.0.9', '127.0.0.0/8'],
    ['169.254.169.254', '169.254.0.0/16'],
    ['100.64.0.1', '100.64.0.0/10'],
    ['100.127.255.255', '100.64.0.0/10'],
    ['0.0.0.0', '0.0.0.0/8'],
    ['0.1.2.3', '0.0.0.0/8'],
    ['224.0.0.1', '224.0.0.0/4'],
    ['255.255.255.255', '240.0.0.0/4'],
  ])('%s is in %s', (address, range) => {
    expect(rangeOf(address)).toBe(range);
  });

  it.each([
    '9.255.255.255',
    '11.0.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '128.0.0.1',
    '1.1.1.1',
    '8.8.8.8',
    '203.0.113.10',
    '223.255.255.255',
  ])('%s is on the internet', (address) => {
    expect(internalRange(address)).toBeNull();
  });

  it('reads the odd spellings of an address as the URL parser writes them', () => {
    // Octal, hexadecimal, a single number, short forms: all 127.0.0.1 or 169.254.169.254.
    for (const url of [
      'http://0177.0.0.1/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://127.1/',
      'http://0xA9FEA9FE/',
      'http://169.254.43518/',
    ]) {
      expect(internalRange(hostOf(url)), url).not.toBeNull();
    }
  });

  it('says what the range is, in words', () => {
    expect(internalRange('169.254.169.254')).toMatchObject({
      kind: 'a link-local address (cloud instance metadata answers there)',
      range: '169.254.0.0/16',
    });
    expect(internalRange('10.1.2.3')?.kind).toBe('a private address');
  });
});

describe('IPv6 ranges', () => {
  it.each([
    ['::1', '::1/128'],
    ['[::1]', '::1/128'],
    ['0:0:0:0:0:0:0:1', '::1/128'],
    ['::', '::/128'],
    ['[::]', '::/128'],
    ['fc00::1', 'fc00::/7'],
    ['fd12:3456:789a::1', 'fc00::/7'],
    ['fe80::1', 'fe80::/10'],
    ['fe80::1%eth0', 'fe80::/10'],
    ['febf:ffff::1', 'fe80::/10'],
    ['fec0::1', 'fec0::/10'],
    ['ff02::1', 'ff00::/8'],
  ])('%s is in %s', (address, range) => {
    expect(rangeOf(address)).toBe(range);
  });

  it.each([
    ['::ffff:127.0.0.1', '127.0.0.0/8 (127.0.0.1)'],
    ['::ffff:10.0.0.1', '10.0.0.0/8 (10.0.0.1)'],
    ['::ffff:a9fe:a9fe', '169.254.0.0/16 (169.254.169.254)'],
    ['::ffff:c0a8:101', '192.168.0.0/16 (192.168.1.1)'],
    ['0:0:0:0:0:ffff:7f00:1', '127.0.0.0/8 (127.0.0.1)'],
    ['::127.0.0.1', '127.0.0.0/8 (127.0.0.1)'],
    ['::ffff:0:a00:1', '10.0.0.0/8 (10.0.0.1)'],
    ['64:ff9b::a9fe:a9fe', '169.254.0.0/16 (169.254.169.254)'],
    ['2002:7f00:1::', '127.0.0.0/8 (127.0.0.1)'],
    ['2002:c0a8:101::1', '192.168.0.0/16 (192.168.1.1)'],
  ])('%s carries an internal IPv4 address: %s', (address, range) => {
    expect(rangeOf(address)).toBe(range);
  });

  it('names the form that carries the IPv4 address', () => {
    expect(internalRange('::ffff:127.0.0.1')?.kind).toBe(
      'an IPv4-mapped form of a loopback address (this computer)',
    );
  });

  it('reads IPv6 hosts as the URL parser writes them', () => {
    expect(hostOf('http://[::ffff:127.0.0.1]/')).toBe('[::ffff:7f00:1]');
    for (const url of [
      'http://[::ffff:127.0.0.1]/',
      'http://[0::1]/',
      'http://[::ffff:169.254.169.254]:8080/',
      'http://[FE80::1]/',
    ]) {
      expect(internalRange(hostOf(url)), url).not.toBeNull();
    }
  });

  it.each([
    '2001:db8::1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::',
    'fbff::1',
    'fe7f::1',
  ])('%s is on the internet', (address) => {
    expect(internalRange(address)).toBeNull();
  });
});

describe('what is not an address', () => {
  it.each([
    'example.com',
    'localhost',
    '10.0.0',
    '10.0.0.1.2',
    '256.0.0.1',
    '010.0.0.1',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    'fe80::g',
    '::ffff:300.0.0.1',
    '',
  ])('%j is not read as an address', (text) => {
    expect(isIpAddress(text)).toBe(false);
    expect(internalRange(text)).toBeNull();
  });

  it('takes localhost and the names under it as this computer', () => {
    for (const name of ['localhost', 'LOCALHOST', 'localhost.', 'app.localhost']) {
      expect(isLocalhostName(name), name).toBe(true);
    }
    for (const name of ['localhost.example.com', 'notlocalhost', 'example.com']) {
      expect(isLocalhostName(name), name).toBe(false);
    }
  });
});
