// When a required field turns red (web/src/components/useLeftFields.ts, used by useFieldForm and the
// contract wizard): after the user typed in it and left, or after the first submit; never because the
// focus merely passed through.
import TextField from '@mui/material/TextField';
import { fireEvent, render, screen } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { useFieldForm } from '../../web/src/components/fieldForm';

type Field = 'name' | 'phone';
const validate = (values: Record<Field, string>) => {
  const errors: Partial<Record<Field, string>> = {};
  if (values.name.trim() === '') errors.name = 'Họ tên không được để trống!';
  if (values.phone.trim() === '') errors.phone = 'Số điện thoại không được để trống!';
  return errors;
};
const INITIAL = { name: '', phone: '' };

function PersonForm() {
  const form = useFieldForm<Field>(INITIAL, validate);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
  };
  return (
    <form onSubmit={submit} aria-label="Người thuê">
      <TextField id="name" label="Họ tên" required {...form.bind('name')} />
      <TextField id="phone" label="Số điện thoại" required {...form.bind('phone')} />
      <button type="submit">Lưu</button>
    </form>
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const errorText = (id: string) => document.getElementById(`${id}-helper-text`)?.textContent ?? null;

describe('required fields', () => {
  it('stay unmarked while the focus passes through them', () => {
    render(<PersonForm />);
    for (const label of ['Họ tên', 'Số điện thoại']) {
      fireEvent.focus(input(label));
      fireEvent.blur(input(label));
    }
    expect(input('Họ tên').getAttribute('aria-invalid')).toBe('false');
    expect(errorText('name')).toBeNull();
    expect(errorText('phone')).toBeNull();
  });

  it('are marked once the user typed and left, only that field', () => {
    render(<PersonForm />);
    fireEvent.change(input('Họ tên'), { target: { value: 'A' } });
    fireEvent.change(input('Họ tên'), { target: { value: ' ' } });
    // Still in the field: nothing yet.
    expect(errorText('name')).toBeNull();
    fireEvent.blur(input('Họ tên'));
    expect(errorText('name')).toBe('Họ tên không được để trống!');
    expect(input('Họ tên').getAttribute('aria-invalid')).toBe('true');
    expect(errorText('phone')).toBeNull();
  });

  it('are all marked after the first submit', () => {
    render(<PersonForm />);
    fireEvent.submit(screen.getByRole('form', { name: 'Người thuê' }));
    expect(errorText('name')).toBe('Họ tên không được để trống!');
    expect(errorText('phone')).toBe('Số điện thoại không được để trống!');
  });
});
