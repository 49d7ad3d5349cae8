import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { aiFailureText } from '@shared/schemas/memories';
import { AttachmentDropZone } from './attachment-drop-zone';
import { TagInput } from './tag-input';

afterEach(cleanup);

function Tags({ initial = [] as string[] }) {
  const [tags, setTags] = useState(initial);
  return <TagInput tags={tags} onChange={setTags} />;
}

const chips = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

describe('TagInput (spec §5)', () => {
  it('adds a trimmed tag with Enter or Add, never an empty or repeated one, and removes a chip', () => {
    render(<Tags />);
    const input = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(input, { target: { value: '  Family  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chips()).toEqual(['Family']);
    expect(input).toHaveProperty('value', '');

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(input, { target: { value: 'family' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(chips()).toEqual(['Family']);

    fireEvent.change(input, { target: { value: 'Boston' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(chips()).toEqual(['Family', 'Boston']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove tag Family' }));
    expect(chips()).toEqual(['Boston']);
  });

  it('does not submit the surrounding form on Enter', () => {
    let submitted = false;
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted = true;
        }}
      >
        <Tags />
      </form>,
    );
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Tags' }), { key: 'Enter' });
    expect(submitted).toBe(false);
  });
});

function Drop() {
  const [files, setFiles] = useState<File[]>([]);
  return <AttachmentDropZone files={files} onFilesChange={setFiles} />;
}

function fileOfSize(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function pick(...files: File[]) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Attachment files'), { target: { files } });
  });
}

describe('AttachmentDropZone (spec §5 rejection texts)', () => {
  it('queues images and audio, and shows the drop widget’s rejection texts', async () => {
    render(<Drop />);
    await pick(fileOfSize('cake.jpg', 'image/jpeg', 1000), fileOfSize('song.m4a', 'audio/mp4', 2000));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Selected files' }).textContent).toContain('song.m4a'));
    expect(screen.getByRole('list', { name: 'Selected files' }).textContent).toContain('cake.jpg');

    await pick(fileOfSize('notes.txt', 'text/plain', 10));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/^notes\.txt: File type must be one of image\/jpeg, \.jpeg, \.jpg/),
    );

    await pick(fileOfSize('huge.png', 'image/png', 15 * 1024 * 1024 + 1));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('huge.png: File is larger than 15728640 bytes'));

    await pick(...Array.from({ length: 6 }, (_, i) => fileOfSize(`p${i}.png`, 'image/png', 10)));
    // react-dropzone 19 keeps the first five of a drop and refuses the surplus
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('p5.png: Too many files'));
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(7);

    fireEvent.click(screen.getByRole('button', { name: 'Remove cake.jpg' }));
    expect(screen.getByRole('list', { name: 'Selected files' }).textContent).not.toContain('cake.jpg');
  });
});

describe('aiFailureText (spec §8)', () => {
  it.each([
    ['The AI service refused the API key.', 'Service temporarily unavailable. Please try again later.'],
    ['The AI service did not answer in time (API timeout).', 'Service temporarily unavailable. Please try again later.'],
    ['Could not parse the AI answer: unexpected format.', 'Unexpected response format. Try again with different content.'],
    ['The AI service could not handle this memory (status 422).', 'Failed to generate suggestions. Please try again.'],
    [undefined, 'Failed to generate suggestions. Please try again.'],
    ['A rapid capital keyword', 'Failed to generate suggestions. Please try again.'], // whole words only
  ])('%s → %s', (message, text) => {
    expect(aiFailureText(message)).toBe(text);
  });
});
