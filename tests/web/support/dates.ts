// Typing into a date field as a keyboard does: each key goes into the section that has the focus
// (MUI X date fields are day, month and year sections, not one text input).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';

/** The field's sections in order (their accessible names: Ngày, Tháng, Năm). */
export async function dateSections(label: string | RegExp): Promise<HTMLElement[]> {
  const group = await waitFor(() => {
    const found = screen.getAllByRole('group', { name: label });
    if (found.length === 0) throw new Error(`no date field "${String(label)}"`);
    return found[0]!;
  });
  return Array.from(group.querySelectorAll<HTMLElement>('[role="spinbutton"]'));
}

/** Types `digits` (e.g. "12072026" for dd/mm/yyyy) starting in the first section of the field. */
export async function typeDate(label: string | RegExp, digits: string): Promise<void> {
  const [first] = await dateSections(label);
  if (first === undefined) throw new Error(`date field "${String(label)}" has no sections`);
  act(() => first.focus());
  fireEvent.click(first);
  for (const key of digits) {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active.getAttribute('role') !== 'spinbutton') {
      throw new Error(`no date section has the focus before "${key}"`);
    }
    active.textContent = key;
    fireEvent.input(active);
  }
}
