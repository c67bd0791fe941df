import type { HttpResponseInit } from '@azure/functions';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponseInit {
  return {
    status,
    jsonBody: body,
    headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers },
  };
}

/** One entity as the reply: its `@odata.etag` also as the `ETag` header, for `If-Match`. */
export function entityJson(status: number, entity: Record<string, unknown>): HttpResponseInit {
  const etag = entity['@odata.etag'];
  return json(status, entity, typeof etag === 'string' ? { ETag: etag } : {});
}

/** `{ status: true, data }` reply of `/api/*`. */
export function ok(data?: unknown, extra: Record<string, unknown> = {}): HttpResponseInit {
  return json(200, { status: true, ...(data === undefined ? {} : { data }), ...extra });
}

export const noContent: HttpResponseInit = { status: 204 };

export const SPREADSHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx download; the SPA runs on another origin in Azure, so it may read the named headers. */
export function spreadsheet(
  status: number,
  body: Buffer,
  fileName: string,
  headers: Record<string, string> = {},
): HttpResponseInit {
  return {
    status,
    body,
    headers: {
      'Content-Type': SPREADSHEET_TYPE,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Expose-Headers': ['Content-Disposition', ...Object.keys(headers)].join(', '),
      ...headers,
    },
  };
}

/** A PDF (a bill, a contract's liquidation, the CT01 form, a person's data): opened in the tab or saved. */
export function pdfReply(
  pdf: Buffer | Uint8Array,
  fileName: string,
  disposition: 'inline' | 'attachment' = 'attachment',
): HttpResponseInit {
  return {
    status: 200,
    body: pdf,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${disposition}; filename="${fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Expose-Headers': 'Content-Disposition',
    },
  };
}
