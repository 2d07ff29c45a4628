import { describe, expect, it } from 'vitest';
import { checkMonitorUrl, isHostWithinDomain, monitorMessages } from './url.ts';

const policy = { domain: 'example-district.org' };

describe('checkMonitorUrl', () => {
  it.each([
    'https://example-district.org/',
    'https://www.example-district.org/news',
    'https://a.b.example-district.org/',
    'http://www.example-district.org/calendar?month=3#today',
    'HTTPS://WWW.Example-District.org/News',
    'https://www.example-district.org:443/',
  ])('allows %s', (raw) => {
    const result = checkMonitorUrl(raw, policy);
    expect(result.ok).toBe(true);
  });

  it.each([
    ['http://localhost/', 'not-approved'],
    ['http://127.0.0.1/', 'not-approved'],
    ['http://[::1]/', 'not-approved'],
    ['http://169.254.169.254/latest/meta-data', 'not-approved'],
    ['http://10.0.0.1/', 'not-approved'],
    ['http://2130706433/', 'not-approved'],
    ['http://0x7f000001/', 'not-approved'],
    ['http://017700000001/', 'not-approved'],
    ['http://127.1/', 'not-approved'],
    ['http://0x7f.1/', 'not-approved'],
    ['http://[::ffff:127.0.0.1]/', 'not-approved'],
    ['http://[::ffff:7f00:1]/', 'not-approved'],
    ['http://example-district.org.evil.com/', 'not-approved'],
    ['http://evil-example-district.org/', 'not-approved'],
    ['http://notexample-district.org/', 'not-approved'],
    ['http://example-district.org./', 'not-approved'],
    ['http://www.example-district.org./', 'not-approved'],
    ['http://a..example-district.org/', 'not-approved'],
    ['http://xn--exmple-district-6ej.org/', 'not-approved'],
    ['http://exаmple-district.org/', 'not-approved'], // Cyrillic 'а'
    ['http://www.example-district.org:8080/', 'not-approved'],
    ['http://user:pass@www.example-district.org/', 'invalid'],
    ['http://user@www.example-district.org/', 'invalid'],
    ['http://www.example-district.org@evil.com/', 'invalid'],
    ['http://evil.com\\@www.example-district.org/', 'invalid'],
    ['http://evil.com\\.example-district.org/', 'invalid'],
    ['http://evil.com\\\\.example-district.org/', 'invalid'],
    ['http://www.example-district.org%40evil.com/', 'invalid'],
    ['http://evil.com%2f.example-district.org/', 'invalid'],
    ['http://www.example-district.org%2eevil.com/', 'invalid'],
    ['http://www.exa\tmple-district.org/', 'invalid'],
    ['http://www.example-district.org/\nHost: evil', 'invalid'],
    [' http://www.example-district.org/', 'invalid'],
    ['http://www.example-district.org/a b', 'invalid'],
    ['http://www.example-district.org\u200b.evil.com/', 'invalid'],
    ['http://www.example-district.org\u0000.evil.com/', 'invalid'],
    ['http:/www.example-district.org/', 'invalid'],
    ['http:www.example-district.org/', 'invalid'],
    ['//www.example-district.org/', 'invalid'],
    ['www.example-district.org', 'invalid'],
    ['file:///etc/passwd', 'invalid'],
    ['ftp://www.example-district.org/', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['data:text/html,x', 'invalid'],
    ['gopher://www.example-district.org/', 'invalid'],
    ['ws://www.example-district.org/', 'invalid'],
    ['', 'invalid'],
    ['not a url', 'invalid'],
  ] as const)('refuses %j (%s)', (raw, problem) => {
    const result = checkMonitorUrl(raw, policy);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem).toBe(problem);
      expect(result.reason.length).toBeGreaterThan(0);
    }
  });

  it('compares on the ASCII (punycode) host name, so an IDN domain matches its own subdomains only', () => {
    const idn = { domain: 'bücher-district.org' };
    expect(checkMonitorUrl('https://www.bücher-district.org/', idn).ok).toBe(true);
    expect(checkMonitorUrl(`https://www.${new URL('http://bücher-district.org').hostname}/`, idn).ok).toBe(true);
    expect(checkMonitorUrl('https://www.bucher-district.org/', idn).ok).toBe(false);
  });

  it('allows explicit ports only with allowPrivateAddresses (development and tests)', () => {
    expect(
      checkMonitorUrl('http://www.example-district.org:8080/', { ...policy, allowPrivateAddresses: true }).ok,
    ).toBe(true);
    // Still no IP literals or foreign hosts.
    expect(checkMonitorUrl('http://127.0.0.1:8080/', { ...policy, allowPrivateAddresses: true }).ok).toBe(false);
    expect(checkMonitorUrl('http://evil.com:8080/', { ...policy, allowPrivateAddresses: true }).ok).toBe(false);
  });

  it('returns the parsed URL', () => {
    const result = checkMonitorUrl('https://WWW.example-district.org/News?x=1', policy);
    expect(result.ok && result.url.href).toBe('https://www.example-district.org/News?x=1');
  });
});

describe('isHostWithinDomain', () => {
  it('matches the domain and its subdomains only', () => {
    expect(isHostWithinDomain('example-district.org', 'Example-District.org')).toBe(true);
    expect(isHostWithinDomain('a.example-district.org', 'example-district.org.')).toBe(true);
    expect(isHostWithinDomain('aexample-district.org', 'example-district.org')).toBe(false);
    expect(isHostWithinDomain('example-district.org', '')).toBe(false);
  });
});

describe('monitorMessages', () => {
  it('are the SPEC.md sentences', () => {
    expect(monitorMessages.urlInvalid).toBe('Must be a valid URL');
    expect(monitorMessages.urlNotApproved('example-district.org')).toBe(
      'URL must be from an approved school domain (*.example-district.org)',
    );
  });
});
