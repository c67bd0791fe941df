/** How spreadsheet imports word a cell's problem in the "Lỗi" column of the report they send back. */

/**
 * A field's message under its column's header: "Tên khách: Không được để trống." — but a message that
 * already starts with the column's name ("Giá thuê phải là số.") is not prefixed again.
 */
export function columnMessage(header: string, message: string): string {
  const name = header
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim()
    .toLocaleLowerCase('vi');
  return message.trim().toLocaleLowerCase('vi').startsWith(name) ? message : `${header}: ${message}`;
}

/** A row's messages as sentences: each ends with one full stop, separated by a space (never ".;"). */
export function problemText(messages: readonly string[]): string {
  return messages
    .map((message) => message.trim())
    .filter((message) => message !== '')
    .map((message) => (/[.!?…]$/.test(message) ? message : `${message}.`))
    .join(' ');
}
