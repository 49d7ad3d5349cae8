import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { localNoon } from './photo-bulk-date-dialog';
import { PhotoSelectionBar } from './photo-selection-bar';

describe('PhotoSelectionBar', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let onDone: ReturnType<typeof vi.fn<() => void>>;
  let queryClient: QueryClient;
  beforeEach(() => {
    fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { ids: number[] };
      return new Response(JSON.stringify({ count: body.ids.length }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    onDone = vi.fn<() => void>();
    queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <PhotoSelectionBar selectedIds={[4, 8, 15]} onDone={onDone} />
        <Toaster />
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const sent = () => {
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/photos/bulk');
    expect(init.method).toBe('POST');
    return JSON.parse(String(init.body)) as unknown;
  };

  it('says how many photos are selected, and clearing calls onDone without a request', () => {
    expect(within(screen.getByRole('region', { name: 'Selection' })).getByText('3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('deletes only after a confirmation that says how many and that it cannot be undone', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText('Delete 3 photos?')).toBeTruthy();
    expect(confirm.textContent).toContain('These 3 photos and their files will be deleted permanently');
    expect(confirm.textContent).toContain("This can't be undone.");
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete 3 photos' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual({ ids: [4, 8, 15], action: { type: 'delete' } });
    expect(await screen.findByText('3 photos deleted.')).toBeTruthy();
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(expect.arrayContaining(['photos', 'timeline', 'memories', 'search', 'on-this-day']));
  });

  it('cancelling the confirmation deletes nothing', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sets the picked day at local noon', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Set date' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save date' }));
    expect(await within(dialog).findByText('Please choose a date')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Date taken'), { target: { value: '1984-05-06' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual({
      ids: [4, 8, 15],
      action: { type: 'setDate', dateTaken: localNoon('1984-05-06'), dateTakenPrecision: 'day', dateTakenMargin: null },
    });
    expect(new Date(localNoon('1984-05-06')).getHours()).toBe(12);
    expect(await screen.findByText('3 photos dated.')).toBeTruthy();
  });

  it('dates the photos as roughly as the owner knows, showing how it will read before saving', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Set date' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('These are from about');
    const field = within(dialog).getByLabelText('Date taken');

    fireEvent.change(field, { target: { value: 'last summer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save date' }));
    expect(await within(dialog).findByText(/Please write a date such as 1965/)).toBeTruthy();
    expect(dialog.textContent).not.toContain('Shows as');

    fireEvent.change(field, { target: { value: 'the 1960s' } });
    expect(await within(dialog).findByText('1960s')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'about 1965' } });
    expect(await within(dialog).findByText('c. 1965')).toBeTruthy();
    expect(dialog.textContent).toContain('Shows as: c. 1965');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual({
      ids: [4, 8, 15],
      action: { type: 'setDate', dateTaken: '1965-01-01T00:00:00.000Z', dateTakenPrecision: 'about', dateTakenMargin: null },
    });
    expect(await screen.findByText('3 photos dated.')).toBeTruthy();
  });

  it('clears the dates when the owner writes Undated', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Set date' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Date taken'), { target: { value: 'undated' } });
    expect(await within(dialog).findByText('Undated')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual({ ids: [4, 8, 15], action: { type: 'setDate', dateTaken: null, dateTakenMargin: null } });
    expect(await screen.findByText('Date cleared on 3 photos.')).toBeTruthy();
  });

  it('sends a month at the start of that month', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Set date' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Date taken'), { target: { value: 'June 1962' } });
    expect(await within(dialog).findByText('June 1962')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual({
      ids: [4, 8, 15],
      action: { type: 'setDate', dateTaken: '1962-06-01T00:00:00.000Z', dateTakenPrecision: 'month', dateTakenMargin: null },
    });
  });

  it('refuses a date before 1900 with the contract’s message', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Set date' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Date taken'), { target: { value: '1850-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save date' }));
    expect(await within(dialog).findByText(/Date must be between 1900 and today/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds comma-separated tags', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add tags' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    expect(await within(dialog).findByText('Add at least one tag')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('New tags'), { target: { value: ' summer, ,Grandma ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual({ ids: [4, 8, 15], action: { type: 'addTags', tags: ['summer', 'Grandma'] } });
    expect(await screen.findByText('Tags added to 3 photos.')).toBeTruthy();
  });

  it('shows the server’s message when the action fails, and keeps the selection', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ message: 'Photo not found: one or more of the selected photos do not exist.' }), { status: 404 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add tags' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('New tags'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    expect(await screen.findByText('Photo not found: one or more of the selected photos do not exist.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
