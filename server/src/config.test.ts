import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('runs the daily jobs outside tests unless DAILY_JOBS says otherwise', () => {
    expect(loadConfig({}).dailyJobs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).dailyJobs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).dailyJobs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DAILY_JOBS: 'true' }).dailyJobs).toBe(true);
    expect(loadConfig({ DAILY_JOBS: 'false' }).dailyJobs).toBe(false);
    expect(loadConfig({ DAILY_JOBS: '' }).dailyJobs).toBe(true);
    expect(() => loadConfig({ DAILY_JOBS: 'sometimes' })).toThrow(/DAILY_JOBS/);
  });

  it('reads the cover URL allow-list as lower-case host names', () => {
    expect(loadConfig({}).imageUrlAllowHosts).toEqual([]);
    expect(
      loadConfig({ IMAGE_URL_ALLOW_HOSTS: ' 127.0.0.1, Covers.Local ,' }).imageUrlAllowHosts,
    ).toEqual(['127.0.0.1', 'covers.local']);
  });
});
