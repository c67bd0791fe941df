import type { HttpRequest } from '@azure/functions';
import { MESSAGES, deepNFC, toFieldErrors } from '@nhatro/common';
import type { z } from 'zod';
import { AppError } from '../domain/shared/errors.js';

/** Limit for JSON payloads of entity writes. */
export const JSON_LIMIT = 64 * 1024;

/** Parses a JSON body and validates it with the payload's schema; every failure is a 4xx. */
export async function readJson<S extends z.ZodType>(
  req: HttpRequest,
  schema: S,
  maxBytes: number = JSON_LIMIT,
): Promise<z.infer<S>> {
  const length = Number(req.headers.get('content-length') ?? 0);
  if (length > maxBytes) throw AppError.tooLarge(MESSAGES.bodyTooLarge(maxBytes));
  const text = await req.text();
  if (Buffer.byteLength(text) > maxBytes) throw AppError.tooLarge(MESSAGES.bodyTooLarge(maxBytes));
  let value: unknown = {};
  if (text.trim() !== '') {
    const contentType = req.headers.get('content-type') ?? 'application/json';
    if (!/^application\/(.+\+)?json\b/i.test(contentType) && !/^text\/plain\b/i.test(contentType)) {
      throw AppError.unsupportedMedia();
    }
    try {
      value = JSON.parse(text);
    } catch {
      throw AppError.badRequest(MESSAGES.malformedJson);
    }
  }
  return parseInput(schema, value);
}

/**
 * Validates already-read input (JSON body, query string, form fields, sheet rows) with a payload schema.
 * Every string is composed (NFC) first, so text typed on a Mac is stored as on any other keyboard.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(deepNFC(value));
  if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error));
  return parsed.data;
}

/** The client's `If-Match` ETag, when it sent one (`*` means any version). */
export function ifMatch(req: HttpRequest): string | undefined {
  const value = req.headers.get('if-match')?.trim();
  return value && value !== '*' ? value : undefined;
}

/** Query parameters (composed, NFC) by name, ignoring case (`houseID`, `HouseID`, `houseId`), without the OData options. */
export function splitQuery(
  req: HttpRequest,
  names: readonly string[],
): { scope: Record<string, string | undefined>; options: URLSearchParams } {
  const query = new URLSearchParams(
    [...req.query.entries()].map(([key, value]): [string, string] => [key, value.normalize('NFC')]),
  );
  const options = new URLSearchParams(query);
  const scope: Record<string, string | undefined> = {};
  for (const [key, value] of query.entries()) {
    const name = names.find((candidate) => candidate.toLowerCase() === key.toLowerCase());
    if (!name) continue;
    scope[name] ??= value;
    options.delete(key);
  }
  return { scope, options };
}

/** The query string as an object: a repeated name keeps its first value, as `query.get` does elsewhere. */
export function queryValues(query: URLSearchParams): Record<string, string> {
  const first = new Map<string, string>();
  for (const [name, value] of query) if (!first.has(name)) first.set(name, value);
  return Object.fromEntries(first);
}
