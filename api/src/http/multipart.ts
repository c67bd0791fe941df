import type { HttpRequest } from '@azure/functions';
import { MESSAGES } from '@nhatro/common';
import { ApiError } from './errors.js';

export interface UploadedFile {
  field: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export function isMultipart(req: HttpRequest): boolean {
  return /^multipart\/form-data\b/i.test(req.headers.get('content-type') ?? '');
}

/** Reads a multipart/form-data body; every malformed or oversized part is a 4xx. */
export async function readMultipart(
  req: HttpRequest,
  limits: { maxBytes: number; maxFiles: number; maxFileBytes: number },
): Promise<MultipartForm> {
  if (!isMultipart(req)) throw new ApiError(415, MESSAGES.unsupportedMediaType);
  const length = Number(req.headers.get('content-length') ?? 0);
  if (length > limits.maxBytes) throw new ApiError(413, MESSAGES.bodyTooLarge(limits.maxBytes));
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw ApiError.badRequest('Dữ liệu biểu mẫu (multipart) không hợp lệ.');
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      fields[field] = value;
      continue;
    }
    if (value.size === 0) continue;
    if (files.length >= limits.maxFiles)
      throw ApiError.badRequest(`Tối đa ${limits.maxFiles} tệp mỗi lần tải lên.`);
    if (value.size > limits.maxFileBytes) {
      throw new ApiError(
        413,
        `Tệp "${value.name}" quá lớn (tối đa ${Math.round(limits.maxFileBytes / 1048576)} MB).`,
      );
    }
    files.push({
      field,
      name: value.name,
      type: value.type,
      bytes: new Uint8Array(await value.arrayBuffer()),
    });
  }
  return { fields, files };
}

/** Form fields are text: numbers the schema expects are converted, blanks become absent. */
export function formNumbers(fields: Record<string, string>, numeric: string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const trimmed = value.trim();
    if (numeric.includes(key)) {
      if (trimmed === '') continue;
      const number = Number(trimmed.replace(/[.\s](?=\d{3}\b)/g, ''));
      result[key] = Number.isNaN(number) ? trimmed : number;
    } else {
      result[key] = value;
    }
  }
  return result;
}
