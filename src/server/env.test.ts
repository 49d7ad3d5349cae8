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
});
