import { currentScope } from './scope.js';

/**
 * Structured logs: one JSON object a line, with the request id, the operation, the user and the house
 * of the current request (ids only), an event name and a few fields. Application Insights keeps each
 * line as a trace whose message is the JSON; the alerts (infra/modules/alerts.bicep) read `event`.
 *
 * Never personal data or secrets: field names that could hold them are refused outright, and free text
 * (error messages) has e-mail addresses, phone and ID-card numbers and tokens masked before it is written.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LogValue = string | number | boolean | null | undefined;
export type LogFields = Record<string, LogValue>;

export interface LogRecord {
  time: string;
  level: LogLevel;
  event: string;
  requestId?: string;
  operation?: string;
  userID?: string;
  houseID?: string;
  [field: string]: LogValue;
}

export type LogSink = (record: LogRecord, line: string) => void;

/** Field names that never reach a log, whatever their value. */
const FORBIDDEN_FIELD =
  /pass(word)?|pwd|secret|token|authori[sz]ation|cookie|phone|e-?mail|cccd|cmnd|identity|idcard|address|fullname|occupantname|username|otp|signature/i;

/** A UUID (a house's, a contract's id): its digit runs are not a phone number. The group keeps it in `split`. */
const UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

function maskNumbers(text: string): string {
  return text.replace(/\+?\d[\d .-]{7,}\d/g, (match) =>
    match.replace(/\D/g, '').length >= 9 ? '[số]' : match,
  );
}

/** Free text with what could identify a person or open an account masked. */
export function scrubText(text: string): string {
  return (
    text
      // JWTs and other long opaque tokens.
      .replace(/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)?/g, '[token]')
      .replace(/\b(Bearer|Basic)\s+\S+/gi, '$1 [token]')
      .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]')
      // Phone numbers (0912 345 678, +84 912345678) and ID card numbers (9 or 12 digits), outside ids.
      .split(UUID)
      .map((part, index) => (index % 2 === 1 ? part : maskNumbers(part)))
      .join('')
      // Query strings can carry signatures (SAS `sig=`, VNPay hashes).
      .replace(/([?&](sig|vnp_SecureHash|code|token)=)[^&\s]+/gi, '$1[ẩn]')
  );
}

function configuredLevel(): LogLevel {
  const wanted = process.env.LOG_LEVEL?.toLowerCase();
  if (wanted && wanted in LEVELS) return wanted as LogLevel;
  // In Azure every request's line is wanted; a developer's terminal and the tests get warnings and errors.
  return process.env.APPLICATIONINSIGHTS_CONNECTION_STRING ? 'info' : 'warn';
}

const consoleSink: LogSink = (record, line) => {
  const logger = currentScope()?.logger;
  const method = record.level === 'error' ? 'error' : record.level === 'warn' ? 'warn' : 'info';
  if (logger) logger[method](line);
  else console[method](line);
};

let sink: LogSink = consoleSink;
let threshold: LogLevel | undefined;

/** Tests capture the records (and may lower the level); without arguments the defaults return. */
export function setLogSink(next?: LogSink, level?: LogLevel): void {
  sink = next ?? consoleSink;
  threshold = level;
}

/** An error as a short, scrubbed text: its kind and message, never its stack or the data it held. */
export function errorSummary(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return scrubText(text).slice(0, 500);
}

function write(level: LogLevel, event: string, fields: LogFields = {}): void {
  if (LEVELS[level] < LEVELS[threshold ?? configuredLevel()]) return;
  const scope = currentScope();
  const record: LogRecord = { time: new Date().toISOString(), level, event };
  if (scope) {
    record.requestId = scope.requestId;
    record.operation = scope.operation;
    if (scope.userID) record.userID = scope.userID;
    if (scope.houseID) record.houseID = scope.houseID;
    if (scope.invocationId) record.invocationId = scope.invocationId;
  }
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || FORBIDDEN_FIELD.test(name) || name in record) continue;
    record[name] = typeof value === 'string' ? scrubText(value).slice(0, 1000) : value;
  }
  try {
    sink(record, JSON.stringify(record));
  } catch {
    // Logging never breaks a request.
  }
}

export const log = {
  debug: (event: string, fields?: LogFields) => write('debug', event, fields),
  info: (event: string, fields?: LogFields) => write('info', event, fields),
  warn: (event: string, fields?: LogFields) => write('warn', event, fields),
  error: (event: string, fields?: LogFields) => write('error', event, fields),
};
