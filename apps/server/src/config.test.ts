import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      DATABASE_URL: undefined,
      AUTH_MODE: 'local',
      ACCESS_TOKEN_MINUTES: 15,
      REFRESH_TOKEN_DAYS: 30,
      CORS_ORIGINS: [],
      // The embedded broker's limits: 1 MiB like BODY_LIMIT_BYTES, 100 publishes in flight per reader.
      MQTT_MAX_PACKET_BYTES: 1_048_576,
      MQTT_MAX_INFLIGHT_PER_READER: 100,
      // Chosen by the engine when absent (1,000 reads on PGlite, 5,000 on PostgreSQL).
      RFID_MAX_BATCH_READS: undefined,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('parses numbers, lists and booleans', () => {
    const config = loadConfig({
      PORT: '8080',
      CORS_ORIGINS: 'https://a.example, https://b.example,',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://loupe.example/',
    });
    expect(config.PORT).toBe(8080);
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.publicUrl).toBe('https://loupe.example');
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT: /],
    [{ PORT: '70000' }, /^PORT: /],
    [{ AUTH_MODE: 'ldap' }, /^AUTH_MODE: /],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL: /],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL: /],
    // Outside what settings › security accepts: every sign-in would fail on reading the settings.
    [{ ACCESS_TOKEN_MINUTES: '2' }, /^ACCESS_TOKEN_MINUTES: /],
    [{ REFRESH_TOKEN_DAYS: '400' }, /^REFRESH_TOKEN_DAYS: /],
    [{ AUTH_MODE: 'cognito' }, /^COGNITO_USER_POOL_ID: /],
    [{ ADMIN_EMAIL: 'boss@example.com' }, /^ADMIN_PASSWORD: /],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough pass' }, /^ADMIN_EMAIL: /],
    [{ MQTT_MAX_PACKET_BYTES: '0' }, /^MQTT_MAX_PACKET_BYTES: /],
    [{ RFID_MAX_BATCH_READS: '10' }, /^RFID_MAX_BATCH_READS: /],
    // MQTT cannot carry a packet over 256 MiB: a larger cap would be no cap.
    [{ MQTT_MAX_PACKET_BYTES: '300000000' }, /^MQTT_MAX_PACKET_BYTES: /],
    [{ MQTT_MAX_INFLIGHT_PER_READER: 'many' }, /^MQTT_MAX_INFLIGHT_PER_READER: /],
  ])('names the variable when %o is bad', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  // Issue 34 §2: the outbound servers set here pass spec §5's URL check unless their own opt-in allows the LAN.
  it.each([
    [{ SMTP_URL: 'smtp://u:p@127.0.0.1:2525' }, /^SMTP_URL: .*SMTP_ALLOW_PRIVATE_NETWORK=true/],
    [{ SMTP_URL: 'smtps://localhost:465' }, /^SMTP_URL: /],
    [{ SMTP_URL: 'smtp://192.168.1.20:25' }, /^SMTP_URL: /],
    [
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://10.0.0.5:9000' },
      /^S3_ENDPOINT: .*S3_ALLOW_PRIVATE_NETWORK=true/,
    ],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://localhost:9000' }, /^S3_ENDPOINT: /],
  ])('refuses a private outbound server without its opt-in: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes a private outbound server with its opt-in, and a public one without', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_ALLOW_PRIVATE_NETWORK: 'true' }).SMTP_URL,
    ).toBe('smtp://127.0.0.1:2525');
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@smtp.mail.example:465' }).SMTP_ALLOW_PRIVATE_NETWORK).toBe(
      false,
    );
    const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'b' };
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: 'http://10.0.0.5:9000', S3_ALLOW_PRIVATE_NETWORK: 'true' })
        .S3_ENDPOINT,
    ).toBe('http://10.0.0.5:9000');
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'https://r2.example.com' }).S3_ALLOW_PRIVATE_NETWORK).toBe(false);
  });

  it('never echoes a secret value in its error', () => {
    const attempt = () => loadConfig({ ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'short' });
    expect(attempt).toThrow(/^ADMIN_PASSWORD: /);
    expect(attempt).not.toThrow(/short/);
  });
});
