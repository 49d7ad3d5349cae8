import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('uses the documented defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(5000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toMatch(/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.TRUST_PROXY).toBe(false);
  });

  it('treats empty values (as in .env.example) as unset', () => {
    const env = loadEnv({ DATABASE_URL: '', AI_BASE_URL: '', AI_MODEL: '', WEB_DIST_DIR: '', TRUST_PROXY: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AI_BASE_URL).toBeUndefined();
    expect(env.AI_MODEL).toBeUndefined();
    expect(env.WEB_DIST_DIR).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
  });

  it('stops with a readable list of what is wrong', () => {
    expect(() => loadEnv({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/Invalid configuration:\n {2}PORT: .*\n {2}LOG_LEVEL: /);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, and refuses a bare true', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1\) or their addresses/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: expected a number of proxies/);
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
  });

  it('reads ALLOWED_HOSTS as a list of lower-case names', () => {
    expect(loadEnv({}).ALLOWED_HOSTS).toEqual([]);
    expect(loadEnv({ ALLOWED_HOSTS: 'NAS.local, heirloom.example.com' }).ALLOWED_HOSTS).toEqual(['nas.local', 'heirloom.example.com']);
  });
});
