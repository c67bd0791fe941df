import type { z } from 'zod';
import { GENERIC_FIELD_MESSAGES, MESSAGES } from './messages.js';

export interface FieldError {
  field?: string;
  errorMessage: string;
}

/** Turns a zod error into the spec's 400 list, each item with a Vietnamese message. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue): FieldError[] => {
    if (issue.code === 'unrecognized_keys') {
      // Strict payloads: one error per unknown field, naming it (`Trường "billingDay" không tồn tại.`).
      return issue.keys.map((key) => {
        const field = [...issue.path.map(String), key].join('.');
        return { field, errorMessage: MESSAGES.unknownField(field) };
      });
    }
    const field = issue.path.length ? issue.path.join('.') : undefined;
    const errorMessage = /[À-ỹ]/u.test(issue.message) ? issue.message : genericMessage(issue);
    return [field === undefined ? { errorMessage } : { field, errorMessage }];
  });
}

function genericMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 leaves `input` out of issues unless asked; its message names what was received.
      return /received undefined/.test(issue.message)
        ? GENERIC_FIELD_MESSAGES.required
        : GENERIC_FIELD_MESSAGES.invalidType;
    case 'too_small':
      return GENERIC_FIELD_MESSAGES.tooSmall;
    case 'too_big':
      return GENERIC_FIELD_MESSAGES.tooBig;
    default:
      return GENERIC_FIELD_MESSAGES.invalidFormat;
  }
}
