import { LESSEE_MESSAGES, LESSEE_NOTES_PLACEHOLDER } from '@nhatro/common';

/** A new occupant's notes: what was written, or the placeholder when nothing was (blank counts as nothing). */
export function newLesseeNotes(notes: string | undefined): string {
  const written = notes?.trim() ?? '';
  return written === '' ? LESSEE_NOTES_PLACEHOLDER : written;
}

/** Text for accent-insensitive search: "Lê Minh Tuấn" and "le minh tuan" compare equal. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLocaleLowerCase('vi')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What `?search=` matches for an occupant: name, phone and CCCD. */
export function lesseeSearchText(lessee: {
  occupantName: string;
  phoneNumber?: string | undefined;
  citizenID?: string | undefined;
}): string {
  return searchKey([lessee.occupantName, lessee.phoneNumber ?? '', lessee.citizenID ?? ''].join(' '));
}

export interface LesseeDates {
  dateOfBirth?: string | undefined;
  dateOfIssue?: string | undefined;
  residentialStartDate?: string | undefined;
  residentialEndDate?: string | undefined;
}

/**
 * The first date of an occupant that makes no sense, as `{ field, errorMessage }`: a birth or issue
 * date in the future, an issue date before birth, a residence ending before it starts.
 */
export function lesseeDateProblem(
  dates: LesseeDates,
  today: string,
): { field: keyof LesseeDates; errorMessage: string } | null {
  if (dates.dateOfBirth && dates.dateOfBirth > today) {
    return { field: 'dateOfBirth', errorMessage: LESSEE_MESSAGES.dateInFuture('Ngày sinh') };
  }
  if (dates.dateOfIssue && dates.dateOfIssue > today) {
    return { field: 'dateOfIssue', errorMessage: LESSEE_MESSAGES.dateInFuture('Ngày cấp') };
  }
  if (dates.dateOfIssue && dates.dateOfBirth && dates.dateOfIssue < dates.dateOfBirth) {
    return { field: 'dateOfIssue', errorMessage: LESSEE_MESSAGES.issueBeforeBirth };
  }
  if (
    dates.residentialStartDate &&
    dates.residentialEndDate &&
    dates.residentialEndDate < dates.residentialStartDate
  ) {
    return { field: 'residentialEndDate', errorMessage: LESSEE_MESSAGES.residenceOrder };
  }
  return null;
}

/**
 * A contract has exactly one representative. Making someone the representative moves the role to
 * them; taking it away from the current one without naming another is refused.
 */
export function representativeDecision(
  change: { lesseeInfoID: string; wantsRepresentative: boolean | undefined },
  currentRepresentativeID: string | undefined,
): { kind: 'keep' } | { kind: 'become' } | { kind: 'refuse'; message: string } {
  const isCurrent = currentRepresentativeID === change.lesseeInfoID;
  if (change.wantsRepresentative === true) return isCurrent ? { kind: 'keep' } : { kind: 'become' };
  if (change.wantsRepresentative === false && isCurrent) {
    return { kind: 'refuse', message: LESSEE_MESSAGES.unsetRepresentative };
  }
  // A contract without a representative (none yet) gets its first occupant as one.
  return currentRepresentativeID ? { kind: 'keep' } : { kind: 'become' };
}
