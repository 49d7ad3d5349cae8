import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { TagSuggestions } from './tag-suggestions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(response: { status: number; body: unknown }, props: Partial<Parameters<typeof TagSuggestions>[0]> = {}) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(response.body), { status: response.status }));
  vi.stubGlobal('fetch', fetchMock);
  const onAccept = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <TagSuggestions title="Our wedding day" content="Michael and I married in Boston." tags={['Family']} onAccept={onAccept} {...props} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetchMock, onAccept };
}

const button = () => screen.getByRole('button', { name: 'Get AI suggestions' });

describe('TagSuggestions (spec §2, §4, §8)', () => {
  it('is disabled without content and has the title attribute', () => {
    renderWith({ status: 200, body: { tags: [] } }, { content: '  ' });
    expect(button()).toHaveProperty('disabled', true);
    expect(button().getAttribute('title')).toBe('Get AI suggestions');
  });

  it('asks for a title first', async () => {
    const { fetchMock } = renderWith({ status: 200, body: { tags: [] } }, { title: '' });
    fireEvent.click(button());
    expect(await screen.findByText('Missing content')).toBeTruthy();
    expect(screen.getByText('Please provide both a title and content for the memory.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the memory and its tags, accepts a tag and closes', async () => {
    const { fetchMock, onAccept } = renderWith({ status: 200, body: { tags: ['Wedding', 'Boston'] } });
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Memory Suggestions' });
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      title: 'Our wedding day',
      description: 'Michael and I married in Boston.',
      existingTags: ['Family'],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss tag Boston' }));
    expect(within(dialog).queryByText('Boston')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept tag Wedding' }));
    expect(onAccept).toHaveBeenCalledWith('Wedding');
    expect(await screen.findByText('Suggestion has been applied to your memory.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Memory Suggestions' })).toBeNull();
  });

  it('says so when there is nothing to suggest', async () => {
    renderWith({ status: 200, body: { tags: [] } });
    fireEvent.click(button());
    expect(await screen.findByText('No suggestions available')).toBeTruthy();
    expect(screen.getByText('Try adding more specific details to your memory.')).toBeTruthy();
    expect(screen.getByText('No suggestions available. Try adding more details to your memory.')).toBeTruthy();
  });

  it.each([
    [503, 'The AI service refused the API key.', 'Service temporarily unavailable. Please try again later.'],
    [502, 'Could not parse the AI answer: unexpected format.', 'Unexpected response format. Try again with different content.'],
    [502, 'The AI service could not handle this memory (status 422).', 'Failed to generate suggestions. Please try again.'],
  ])('turns a %i "%s" into "Analysis failed" / "%s"', async (status, message, text) => {
    renderWith({ status, body: { message } });
    fireEvent.click(button());
    expect(await screen.findByText('Analysis failed')).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('treats an answer without tags as a failure', async () => {
    renderWith({ status: 200, body: { labels: ['Wedding'] } });
    fireEvent.click(button());
    expect(await screen.findByText('Analysis failed')).toBeTruthy();
    expect(screen.getByText('Failed to generate suggestions. Please try again.')).toBeTruthy();
  });
});
