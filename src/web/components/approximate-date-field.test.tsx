import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApproximateDateField, type ApproximateDateValue } from './approximate-date-field';

let last: ApproximateDateValue | null = null;

function Harness({ initial }: { initial: ApproximateDateValue }) {
  const [value, setValue] = useState(initial);
  return (
    <ApproximateDateField
      label="Date"
      value={value}
      onChange={(next) => {
        last = next;
        setValue(next);
      }}
      precisions={['day', 'month', 'year', 'decade', 'about']}
      minYear={1900}
      maxYear={2026}
    />
  );
}

const howSure = () => screen.getByLabelText('How sure?');
const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ApproximateDateField', () => {
  afterEach(() => {
    cleanup();
    last = null;
  });

  it('keeps the day input labelled as the form had it for a day-precise date', () => {
    render(<Harness initial={{ date: '1976-06-12', precision: 'day', margin: null }} />);
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('1976-06-12');
    expect((howSure() as HTMLSelectElement).value).toBe('day');
    expect(screen.getByText('June 12, 1976')).toBeTruthy();
    choose('Date', '1980-01-02');
    expect(last).toEqual({ date: '1980-01-02', precision: 'day', margin: null });
  });

  it('asks for a month and a year, and shows how the date will read', () => {
    render(<Harness initial={{ date: '1962-06-14', precision: 'day', margin: null }} />);
    fireEvent.change(howSure(), { target: { value: 'month' } });
    expect(screen.queryByLabelText('Date')).toBeNull();
    expect((screen.getByLabelText('Year') as HTMLInputElement).value).toBe('1962');
    expect((screen.getByLabelText('Month') as HTMLSelectElement).value).toBe('6');
    expect(last).toEqual({ date: '1962-06-01', precision: 'month', margin: null });
    expect(screen.getByText('June 1962')).toBeTruthy();
    choose('Month', '9');
    expect(last).toEqual({ date: '1962-09-01', precision: 'month', margin: null });
    expect(screen.getByText(/Shows as:/).textContent).toBe('Shows as: September 1962');
  });

  it('gives a year, a decade, and about a year give or take', () => {
    render(<Harness initial={{ date: '', precision: 'day', margin: null }} />);
    fireEvent.change(howSure(), { target: { value: 'year' } });
    expect(last).toEqual({ date: '', precision: 'year', margin: null });
    choose('Year', '19');
    expect(last?.date).toBe('');
    expect(screen.queryByText(/Shows as:/)).toBeNull();
    choose('Year', '1964');
    expect(last).toEqual({ date: '1964-01-01', precision: 'year', margin: null });
    expect(screen.getByText(/Shows as:/).textContent).toBe('Shows as: 1964');

    fireEvent.change(howSure(), { target: { value: 'decade' } });
    expect((screen.getByLabelText('Decade') as HTMLSelectElement).value).toBe('1960');
    expect(last).toEqual({ date: '1960-01-01', precision: 'decade', margin: null });
    expect(screen.getByText(/Shows as:/).textContent).toBe('Shows as: 1960s');

    fireEvent.change(howSure(), { target: { value: 'about' } });
    choose('Year', '1955');
    expect(last).toEqual({ date: '1955-01-01', precision: 'about', margin: null });
    expect(screen.getByText(/Shows as:/).textContent).toBe('Shows as: c. 1955');
    choose('Give or take', '5');
    expect(last).toEqual({ date: '1955-01-01', precision: 'about', margin: 5 });
    expect(screen.getByText(/Shows as:/).textContent).toBe('Shows as: c. 1955 (± 5 years)');
  });

  it('makes no date of a year outside the range', () => {
    render(<Harness initial={{ date: '', precision: 'year', margin: null }} />);
    choose('Year', '1850');
    expect(last).toEqual({ date: '', precision: 'year', margin: null });
    expect(screen.getByText('1900 to 2026')).toBeTruthy();
  });
});
