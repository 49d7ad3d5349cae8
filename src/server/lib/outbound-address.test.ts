import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, isPublicAddress } from './outbound-address';

describe('isPublicAddress', () => {
  it('takes global unicast addresses only', () => {
    for (const ip of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(ip), ip).toBe(true);
    const own = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      'not an address',
    ];
    for (const ip of own) expect(isPublicAddress(ip), ip).toBe(false);
  });
});

describe('checkOutboundUrl', () => {
  it('takes http and https only, and a private address only when allowed', async () => {
    await expect(checkOutboundUrl('file:///etc/passwd', true)).rejects.toThrow('must start with https:// or http://');
    await expect(checkOutboundUrl('http://[::ffff:7f00:1]/', false)).rejects.toThrow("this server's own network");
    await expect(checkOutboundUrl('http://0x7f.1/', false)).rejects.toThrow("this server's own network");
    expect((await checkOutboundUrl('http://127.0.0.1:9000/bucket', true)).port).toBe('9000');
    expect((await checkOutboundUrl('https://93.184.215.14/ping', false)).hostname).toBe('93.184.215.14');
  });
});
