import { IDENTITY } from '@loupe/domain/config/constants';
import { SECURITY_DEFAULTS, SECURITY_LIMITS } from '@loupe/domain/settings/security-settings';
import { isSafeExternalUrl } from '@loupe/domain/validation/url';
import { z } from 'zod';

/**
 * Every environment variable Loupe reads, parsed and validated here and nowhere else (docs/architecture.md).
 * docs/configuration.md is generated from the descriptions below (npm run docs:config): keep them short.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

const positiveInt = z.coerce.number().int().positive();

export const CONFIG_VARIABLES = {
  PORT: { schema: z.coerce.number().int().min(0).max(65535).default(3000), doc: 'HTTP port.' },
  HOST: { schema: z.string().min(1).default('0.0.0.0'), doc: 'Interface to listen on.' },
  PUBLIC_URL: {
    schema: z.url({ protocol: /^https?$/ }).optional(),
    doc: 'URL browsers use to reach Loupe (token issuer, links in mails). Default http://localhost:PORT.',
  },
  DATA_DIR: {
    schema: z.string().min(1).default('./data'),
    doc: 'Where PGlite, the lock file and (with STORAGE_DRIVER=local) uploads live.',
  },
  DATABASE_URL: {
    schema: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    doc: 'PostgreSQL connection string. Absent: embedded PGlite under DATA_DIR.',
  },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    doc: 'pino log level.',
  },
  AUTH_MODE: {
    schema: z.enum(['local', 'cognito']).default('local'),
    doc: '`local`: the embedded Cognito-compatible user pool at /api/idp. `cognito`: a real AWS user pool.',
  },
  COGNITO_USER_POOL_ID: {
    schema: z
      .string()
      .regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must look like us-east-1_AbC123')
      .optional(),
    doc: 'AUTH_MODE=cognito: the user pool id.',
  },
  COGNITO_CLIENT_ID: { schema: z.string().min(1).optional(), doc: 'AUTH_MODE=cognito: the app client id.' },
  COGNITO_REGION: {
    schema: z.string().min(1).default(IDENTITY.region),
    doc: 'AUTH_MODE=cognito: the region.',
  },
  COGNITO_ISSUER: {
    schema: z.url().optional(),
    doc: 'AUTH_MODE=cognito: issuer override (default https://cognito-idp.REGION.amazonaws.com/POOL).',
  },
  LOCAL_CLIENT_ID: {
    schema: z
      .string()
      .regex(/^[\w-]{1,128}$/)
      .default('loupe-web'),
    doc: 'AUTH_MODE=local: the app client id the web client and readers present.',
  },
  ACCESS_TOKEN_MINUTES: {
    schema: z.coerce
      .number()
      .int()
      .min(SECURITY_LIMITS.accessTokenMinutes.min)
      .max(SECURITY_LIMITS.accessTokenMinutes.max)
      .default(SECURITY_DEFAULTS.accessTokenMinutes),
    doc: 'Default lifetime of access and id tokens (settings › security may change it).',
  },
  REFRESH_TOKEN_DAYS: {
    schema: z.coerce
      .number()
      .int()
      .min(SECURITY_LIMITS.refreshTokenDays.min)
      .max(SECURITY_LIMITS.refreshTokenDays.max)
      .default(SECURITY_DEFAULTS.refreshTokenDays),
    doc: 'Default lifetime of a sign-in (settings › security may change it).',
  },
  SMTP_URL: {
    schema: z.url({ protocol: /^smtps?$/ }).optional(),
    doc: 'smtp(s)://user:pass@host:port. Absent: mail waits in the outbox table for admins (the log only says one is waiting), and the first account is verified at once.',
  },
  SMTP_ALLOW_PRIVATE_NETWORK: {
    schema: booleanString.default(false),
    doc: 'Allow SMTP_URL to be a mail server on your own network (localhost, an IP, 10., 172., 192.168., or a name resolving to a private address). Off: only public servers, checked when connecting.',
  },
  MAIL_FROM: { schema: z.string().min(3).default('Loupe <loupe@localhost>'), doc: 'Sender of mails.' },
  ADMIN_EMAIL: {
    schema: z.email().optional(),
    doc: 'With ADMIN_PASSWORD: a verified admin created on an empty database.',
  },
  ADMIN_PASSWORD: { schema: z.string().min(8).max(128).optional(), doc: 'Password of that bootstrap admin.' },
  CORS_ORIGINS: {
    schema: commaList.default([]),
    doc: 'Comma-separated origins allowed to call the API from another site. Empty: same origin only.',
  },
  BODY_LIMIT_BYTES: { schema: positiveInt.default(1_048_576), doc: 'Largest JSON body accepted.' },
  SIGN_IN_LIMIT_PER_IP_PER_MINUTE: {
    schema: positiveInt.default(60),
    doc: 'Identity and public auth requests allowed per client IP per minute.',
  },
  TRUST_PROXY: { schema: booleanString.default(false), doc: 'Trust X-Forwarded-* (behind a load balancer).' },
  COMPANY_NAME: { schema: z.string().min(1).default('Loupe'), doc: 'Shown in the shell and mails.' },
  COMPANY_LOGO_URL: { schema: z.string().optional(), doc: 'Logo shown in the shell.' },
  COMPANY_TAGLINE: {
    schema: z.string().default('Select a location to view departments and track items across our facilities'),
    doc: 'Tagline shown in the shell (spec §1).',
  },
  REDIS_URL: {
    schema: z.url({ protocol: /^rediss?$/ }).optional(),
    doc: 'Redis for several Loupe instances: realtime events reach the browsers of every instance. Absent: one instance.',
  },
  MQTT_PORT: {
    schema: z.coerce.number().int().min(0).max(65535).default(1883),
    doc: 'Port of the embedded MQTT broker readers publish to (when MQTT_URL is not set).',
  },
  MQTT_MAX_PACKET_BYTES: {
    schema: positiveInt.max(268_435_455).default(1_048_576),
    doc: 'Embedded broker: largest MQTT packet a reader may send (like BODY_LIMIT_BYTES over HTTP); a larger one closes its connection.',
  },
  MQTT_MAX_INFLIGHT_PER_READER: {
    schema: positiveInt.max(65_535).default(100),
    doc: 'Embedded broker: publishes a reader connection may have waiting to be recorded; beyond it the broker stops reading from it until some are acknowledged.',
  },
  MQTT_URL: {
    schema: z.url({ protocol: /^mqtts?$/ }).optional(),
    doc: 'An external broker (Mosquitto, EMQX) to take reads from, through the shared subscription $share/loupe/loupe/readers/+/#. Absent: the embedded broker.',
  },
  MQTT_CLIENT_ID: {
    schema: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .optional(),
    doc: 'MQTT_URL: this instance’s client id, stable across restarts for its persistent session (default loupe-HOSTNAME).',
  },
  RFID_DEDUPE_WINDOW_MS: {
    schema: z.coerce.number().int().min(0).max(600_000).default(5_000),
    doc: 'Repeats of one tag at one antenna within this window only refresh last-seen.',
  },
  RFID_MAX_QUEUED_READS: {
    schema: z.coerce.number().int().min(5_000).max(10_000_000).default(50_000),
    doc: 'Reads that may wait for the ingest pipeline; beyond it readers wait for their PUBACK or HTTP answer (MQTT flow control slows them) and /api/health says the pipeline is behind.',
  },
  RFID_MAX_BATCH_READS: {
    schema: z.coerce.number().int().min(100).max(5_000).optional(),
    doc: 'Most reads the ingest pipeline applies in one transaction. Absent: 1,000 on PGlite, whose one connection the API waits for while a batch holds it, and 5,000 on PostgreSQL, where larger batches share each statement among more reads.',
  },
  RFID_MAX_READS_PER_PAYLOAD: {
    schema: z.coerce.number().int().min(100).max(100_000).default(5_000),
    doc: 'Most reads (events) one reader payload may hold, over HTTP or MQTT; a payload with more is refused whole (413 TOO_MANY_READS; over MQTT acknowledged and logged) before any of it is read. A 1 MiB payload of real Zebra or Impinj events holds about 4,000.',
  },
  LLRP_LEASE_SECONDS: {
    schema: z.coerce.number().int().min(2).max(24).default(20),
    doc: "LLRP readers (docs/rfid-readers.md): how long an instance holds a reader's connection without renewing it (renewed every quarter of it). When an instance dies, another takes its LLRP readers over within 1.25 × this (25 s by default).",
  },
  LLRP_KEEPALIVE_SECONDS: {
    schema: z.coerce.number().int().min(1).max(300).default(10),
    doc: 'LLRP readers: how often a reader is asked to send a keepalive; after three periods without a word (a reader switched off, a cable pulled) Loupe drops the connection and connects again.',
  },
  LLRP_TIMEOUT_SECONDS: {
    schema: z.coerce.number().int().min(1).max(60).default(5),
    doc: 'LLRP readers: how long connecting to a reader, and each of its answers, may take before Loupe gives up and tries again (with a backoff from 1 s to 1 min).',
  },
  RFID_READ_RETENTION_DAYS: {
    schema: z.coerce.number().int().min(0).max(36_500).default(90),
    doc: 'Days the record of every RFID read (rfid_reads) is kept; older reads are deleted every hour, 5,000 at a time. Location history is kept whatever this is. 0: keep every read.',
  },
  RFID_JOURNAL_RETENTION_DAYS: {
    schema: z.coerce.number().int().min(0).max(36_500).default(7),
    doc: 'Days the read journal (what each RFID acknowledgement stands for, decision 025) keeps rows once they are applied; older ones are deleted every hour, 5,000 at a time. A row not applied yet is kept whatever its age. 0: keep every row.',
  },
  ALERT_EVALUATION_SECONDS: {
    schema: z.coerce.number().int().min(1).max(3600).default(60),
    doc: 'How often the alert rules are evaluated: an alert shows within this long of its cause.',
  },
  SECRET_KEY: {
    schema: z.string().min(32, 'use at least 32 characters').optional(),
    doc: 'Key (32+ random characters) that seals stored secrets: the SMS auth token, public tracking links, the AI provider key. Absent: DATA_DIR/secret.key, made on first use — set it when several instances share DATABASE_URL.',
  },
  CUSTOMER_MESSAGE_SWEEP_SECONDS: {
    schema: z.coerce.number().int().min(1).max(3600).default(30),
    doc: 'How often queued customer messages are sent or retried, and "still waiting" messages looked for.',
  },
  WEBHOOK_TIMEOUT_SECONDS: {
    schema: z.coerce.number().int().min(1).max(60).default(10),
    doc: 'How long a webhook receiver has to answer a delivery, and an EPCIS repository a capture; no answer by then is a failed attempt, retried (webhooks for 24 hours, EPCIS capture until accepted; Settings › integrations).',
  },
  STORAGE_DRIVER: {
    schema: z.enum(['local', 's3']).default('local'),
    doc: 'Where uploaded files and thumbnails are kept. `local`: under DATA_DIR. `s3`: in S3_BUCKET of S3 or an S3-compatible service.',
  },
  S3_ENDPOINT: {
    schema: z.url({ protocol: /^https?$/ }).optional(),
    doc: 'STORAGE_DRIVER=s3: the service URL (MinIO, R2…). Absent: AWS S3 in S3_REGION.',
  },
  S3_ALLOW_PRIVATE_NETWORK: {
    schema: booleanString.default(false),
    doc: 'STORAGE_DRIVER=s3: allow S3_ENDPOINT to be a service on your own network (MinIO on the LAN, localhost, an IP). Off: only public endpoints, checked when connecting.',
  },
  S3_BUCKET: { schema: z.string().min(1).optional(), doc: 'STORAGE_DRIVER=s3: the bucket (it must exist).' },
  S3_REGION: { schema: z.string().min(1).default('us-east-1'), doc: 'STORAGE_DRIVER=s3: the region.' },
  S3_ACCESS_KEY_ID: {
    schema: z.string().min(1).optional(),
    doc: 'STORAGE_DRIVER=s3: access key id. Absent (with the secret): the AWS SDK default chain (instance role, AWS_* variables).',
  },
  S3_SECRET_ACCESS_KEY: { schema: z.string().min(1).optional(), doc: 'STORAGE_DRIVER=s3: its secret key.' },
  S3_FORCE_PATH_STYLE: {
    schema: booleanString.default(false),
    doc: 'STORAGE_DRIVER=s3: address the bucket as ENDPOINT/BUCKET/KEY (MinIO and most S3-compatible services) instead of BUCKET.ENDPOINT.',
  },
  BACKUP_DIR: {
    schema: z.string().min(1).optional(),
    doc: 'Folder `npm run backup` and the nightly backup write to, one folder per backup. Absent: DATA_DIR/backups. Put it on another disk, and copy it off the machine.',
  },
  BACKUP_HOUR: {
    schema: z.coerce.number().int().min(0).max(23).default(2),
    doc: 'Hour of the night (in the workshop’s time zone) the nightly backup of Settings › general runs.',
  },
  METRICS_TOKEN: {
    schema: z.string().min(16, 'use at least 16 characters').optional(),
    doc: 'Bearer token Prometheus sends to scrape /metrics (`authorization: Bearer …`). Absent: /metrics is off (404).',
  },
  AI_ASSISTANT_NAME: { schema: z.string().min(1).default('Loupe AI'), doc: 'Title of the AI assistant.' },
} as const;

type TVariables = typeof CONFIG_VARIABLES;
export type TConfig = { readonly [K in keyof TVariables]: z.output<TVariables[K]['schema']> } & {
  /** PUBLIC_URL, or http://localhost:PORT. */
  readonly publicUrl: string;
};

/** smtp(s)://user:pass@host:port as an http URL of the same host, for the URL check (no credentials kept). */
function httpUrlOf(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `http://${url.host}/`;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment; throws one ConfigError whose message names the first bad variable. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): TConfig {
  const values: Record<string, unknown> = {};
  for (const [name, { schema }] of Object.entries(CONFIG_VARIABLES)) {
    const raw = env[name];
    const parsed = (schema as z.ZodType).safeParse(raw === '' ? undefined : raw);
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? 'invalid value';
      // Never echo a secret's value back into a log.
      const shown = /PASSWORD|SECRET|ACCESS_KEY|SMTP_URL|DATABASE_URL|REDIS_URL|MQTT_URL/.test(name)
        ? ''
        : ` (got "${raw}")`;
      throw new ConfigError(`${name}: ${reason}${shown}`);
    }
    values[name] = parsed.data;
  }
  const config = values as Omit<TConfig, 'publicUrl'>;
  if (config.AUTH_MODE === 'cognito' && (!config.COGNITO_USER_POOL_ID || !config.COGNITO_CLIENT_ID)) {
    throw new ConfigError(
      'COGNITO_USER_POOL_ID: AUTH_MODE=cognito needs COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID',
    );
  }
  if (Boolean(config.ADMIN_EMAIL) !== Boolean(config.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  if (config.STORAGE_DRIVER === 's3' && !config.S3_BUCKET) {
    throw new ConfigError('S3_BUCKET: STORAGE_DRIVER=s3 needs S3_BUCKET');
  }
  // Spec §5's URL check for the outbound servers set here, unless their own opt-in allows the LAN (issue 34 §2);
  // names are checked again, resolved, when connecting (lib/outbound-url.ts).
  if (
    config.SMTP_URL &&
    !config.SMTP_ALLOW_PRIVATE_NETWORK &&
    !isSafeExternalUrl(httpUrlOf(config.SMTP_URL))
  ) {
    throw new ConfigError(
      'SMTP_URL: a mail server on a private network (localhost, an IP, 10., 172., 192.168.) needs SMTP_ALLOW_PRIVATE_NETWORK=true',
    );
  }
  if (config.S3_ENDPOINT && !config.S3_ALLOW_PRIVATE_NETWORK && !isSafeExternalUrl(config.S3_ENDPOINT)) {
    throw new ConfigError(
      'S3_ENDPOINT: a service on a private network (localhost, an IP, 10., 172., 192.168.) needs S3_ALLOW_PRIVATE_NETWORK=true',
    );
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return { ...config, publicUrl };
}
