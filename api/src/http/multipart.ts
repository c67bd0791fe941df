import type { HttpRequest } from '@azure/functions';
import { MESSAGES, parseVietnameseNumber } from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';

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
  if (!isMultipart(req)) throw AppError.unsupportedMedia();
  const length = Number(req.headers.get('content-length') ?? 0);
  if (length > limits.maxBytes) throw AppError.tooLarge(MESSAGES.bodyTooLarge(limits.maxBytes));
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw AppError.badRequest('Dữ liệu biểu mẫu (multipart) không hợp lệ.');
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      fields[field] = value.normalize('NFC');
      continue;
    }
    if (value.size === 0) {
      // A file input left empty sends a nameless empty part; a named empty file is a refusal, not nothing.
      if (!value.name) continue;
      throw AppError.badRequest(`Tệp "${value.name}" trống (0 byte).`);
    }
    if (files.length >= limits.maxFiles)
      throw AppError.badRequest(`Tối đa ${limits.maxFiles} tệp mỗi lần tải lên.`);
    if (value.size > limits.maxFileBytes) {
      throw AppError.tooLarge(
        `Tệp "${value.name}" quá lớn (tối đa ${Math.round(limits.maxFileBytes / 1048576)} MB).`,
      );
    }
    files.push({
      field,
      name: value.name.normalize('NFC'),
      type: value.type,
      bytes: new Uint8Array(await value.arrayBuffer()),
    });
  }
  return { fields, files };
}

/** Form fields are text: numbers the schema expects are read as Vietnamese numbers, blanks become absent. */
export function formNumbers(
  fields: Record<string, string>,
  numeric: readonly string[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!numeric.includes(key)) result[key] = value;
    else if (value.trim() !== '') result[key] = parseVietnameseNumber(value);
  }
  return result;
}
