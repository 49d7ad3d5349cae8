import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyPersonForm, personFormSchema, type PersonFormValues } from '../person-form-values';
import { PersonFields } from './person-fields';

let submitted: PersonFormValues | undefined;

function Harness() {
  const form = useForm<PersonFormValues>({ resolver: zodResolver(personFormSchema), defaultValues: { ...emptyPersonForm, died: true } });
  return (
    <form onSubmit={form.handleSubmit((values) => void (submitted = values))}>
      <PersonFields form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

describe("a tree person's date fields", () => {
  afterEach(() => {
    cleanup();
    submitted = undefined;
  });

  it('store a date typed in German, Spanish or French words as the tree stores every date', async () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Born'), { target: { value: 'um 1920' } });
    fireEvent.change(screen.getByLabelText('Died', { exact: true }), { target: { value: '14 de marzo de 1962' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(submitted).toMatchObject({ birthDate: 'c. 1920', deathDate: '1962-03-14' });
    // what was typed stays in the field as the owner wrote it
    expect((screen.getByLabelText('Born') as HTMLInputElement).value).toBe('um 1920');
  });
});
