import { pino, type Logger } from 'pino';

export type { Logger };

/** Paths never written to a log: credentials, secrets and message content. */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.secret',
  '*.phone_number',
  '*.body',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    { level, redact: { paths: redactedPaths, censor: '[redacted]' }, base: { service: 'textline-api' } },
    destination as pino.DestinationStream | undefined,
  );
}

/** Keeps the country code and last two digits: enough to debug, not enough to identify. */
export function maskPhoneNumber(phoneNumber: string): string {
  return phoneNumber.length <= 5 ? '***' : `${phoneNumber.slice(0, 3)}***${phoneNumber.slice(-2)}`;
}
