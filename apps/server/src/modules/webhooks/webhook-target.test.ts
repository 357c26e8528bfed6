import { describe, expect, it } from 'vitest';
import { isNonPublicAddress, webhookUrlProblem } from './webhook-target';

describe('webhook targets (SSRF)', () => {
  it('classes loopback, private, link-local, CGNAT, ULA and mapped addresses as non-public', () => {
    for (const address of ['127.0.0.1', '10.2.3.4', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1']) {
      expect({ address, blocked: isNonPublicAddress(address) }).toEqual({ address, blocked: true });
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect({ address, blocked: isNonPublicAddress(address) }).toEqual({ address, blocked: false });
    }
  });

  it('accepts public https URLs, including host names made of hex letters', () => {
    expect(webhookUrlProblem('https://hooks.example.com/careers?x=1', false)).toBeNull();
    expect(webhookUrlProblem('https://cafe/', false)).toBeNull();
    expect(webhookUrlProblem('https://[::ffff:7f00:1]/', false)).toMatch(/public address/);
    expect(webhookUrlProblem('http://127.0.0.1:9/', true)).toBeNull();
  });
});
