// The built-in "Improve with AI": tidy a story's capitalisation, punctuation and paragraphs without
// changing its words, and ask gently about the who / where / when it does not mention yet.
import nlp from 'compromise';
import type { ImproveResult } from '@shared/schemas/memories';
import type { StoryAnalysis } from './story-analysis';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
// 'may' and 'march' are also ordinary words: capitalised only when a day or year follows.
const MONTHS = ['january', 'february', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const ALWAYS_CAPITALISED = [...WEEKDAYS, ...MONTHS, 'christmas', 'easter', 'thanksgiving', 'halloween', 'hanukkah', 'passover', 'diwali'];

/** Sentences that open a new step in a story: a good place to start a paragraph. */
const TRANSITION =
  /^["“']?(later|then|after|afterwards|afterward|the next|that (night|evening|morning|afternoon|day|summer|winter|year)|years later|months later|when|eventually|finally|in the end|meanwhile|now|today|looking back|the following|by the time|on the way|before)\b/i;
const MAX_SENTENCES_PER_PARAGRAPH = 4;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function fixSpacingAndPunctuation(line: string): string {
  return (
    line
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/\s+([,.;:!?])/g, '$1') // 'long .' → 'long.'
      .replace(/([!?]){2,}/g, '$1') // 'wow!!!' → 'wow!'
      .replace(/,{2,}/g, ',')
      .replace(/\.{4,}/g, '...')
      .replace(/(?<!\.)\.\.(?!\.)/g, '.') // a doubled full stop, not an ellipsis
      .replace(/([,;:])(?=[A-Za-z])/g, '$1 ') // 'cake,and' → 'cake, and' (not '1,000')
      // 'long.We' → 'long. We', '1998.uncle' → '1998. uncle'; not 'U.S.A.', 'p.m.' or 'example.com'
      .replace(/(\b(?:[A-Za-z]{2,}|\d+)[.!?])(?=[A-Za-z]{2,}\b(?![.@])(?<!\.(?:com|org|net|edu|gov|io|co|uk)))/g, '$1 ')
      .trim()
  );
}

/** Sentences by compromise's tokenizer, which knows 'St.', 'Dr.' and 'p.m.' do not end one (no tagging: fast). */
function sentencesOf(line: string): string[] {
  const sentences = (nlp.tokenize(line).json({ text: true, terms: false } as object) as Array<{ text: string }>).map((s) => s.text.trim());
  return sentences.filter(Boolean);
}

const capitaliseFirst = (sentence: string) =>
  sentence.replace(/^(["“'(]?)([a-z])/, (_m, quote: string, letter: string) => quote + letter.toUpperCase());

function capitaliseNames(text: string, names: string[]): string {
  let result = text
    .replace(/\bi(?=['’](m|ve|d|ll)\b|[\s,!?;:]|$)/g, 'I')
    .replace(new RegExp(`\\b(${ALWAYS_CAPITALISED.join('|')})\\b`, 'g'), (w) => w[0]!.toUpperCase() + w.slice(1))
    .replace(/\b(may|march)(?=\s+(\d|of\s+\d))/g, (w) => w[0]!.toUpperCase() + w.slice(1));
  for (const name of names) {
    // Only an all-lower-case spelling is corrected: 'sarah' → 'Sarah', never 'McDonald' → 'Mcdonald'.
    result = result.replace(new RegExp(`\\b${escape(name.toLowerCase())}\\b`, 'g'), name);
  }
  return result;
}

const endWithFullStop = (text: string) => (/[\p{L}\p{N}]$/u.test(text) ? `${text}.` : text);

/** A long block of sentences becomes paragraphs of a few sentences, broken where the story moves on. */
function splitIntoParagraphs(sentences: string[]): string[] {
  if (sentences.length < 5 || sentences.join(' ').length < 300) return [sentences.join(' ')];
  const paragraphs: string[][] = [[]];
  for (const sentence of sentences) {
    const current = paragraphs[paragraphs.length - 1]!;
    const full = current.length >= MAX_SENTENCES_PER_PARAGRAPH;
    const turn = current.length >= 2 && TRANSITION.test(sentence);
    if (current.length > 0 && (full || turn)) paragraphs.push([sentence]);
    else current.push(sentence);
  }
  return paragraphs.map((p) => p.join(' '));
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Tidies paragraph by paragraph, letting other requests run in between (a story can be 100,000 characters). */
export async function tidyContent(content: string, analysis: StoryAnalysis): Promise<string> {
  const names = [...analysis.people, ...analysis.places, ...analysis.organizations];
  const result: string[] = [];
  for (const paragraph of content.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = paragraph
      .split('\n')
      .map((line) => fixSpacingAndPunctuation(line))
      .filter((line) => line !== '');
    if (lines.length === 0) continue;
    const tidied = lines.map((line) => sentencesOf(capitaliseNames(line, names)).map(capitaliseFirst));
    // A paragraph the writer laid out in lines keeps its lines; one long line may be split into paragraphs.
    const blocks = tidied.length === 1 ? splitIntoParagraphs(tidied[0]!) : [tidied.map((s) => s.join(' ')).join('\n')];
    for (const block of blocks) result.push(endWithFullStop(block));
    await yieldToEventLoop();
  }
  return result.join('\n\n');
}

/** Gentle questions about what the story does not say yet; never written into the story itself. */
function missingDetailPrompts(
  content: string,
  analysis: StoryAnalysis,
  context: { location?: string | null; eventDate?: string | null },
): string[] {
  const prompts: string[] = [];
  if (analysis.people.length === 0) {
    const kin = analysis.kin.find((k) => !['family', 'kids', 'children', 'parents', 'grandparents', 'cousins'].includes(k));
    prompts.push(
      kin
        ? `You mention your ${kin}. Adding their name helps future generations know who they were.`
        : 'Who was there with you? Naming the people in this story helps your family recognise them.',
    );
  }
  if (analysis.places.length === 0 && !context.location?.trim()) {
    prompts.push('Where did this happen? A town, a street or even a house helps place the story.');
  }
  const saysWhen = analysis.years.length > 0 || analysis.decades.length > 0 || analysis.date !== null || analysis.seasons.length > 0;
  const datedElsewhere = context.eventDate && context.eventDate.slice(0, 4) !== String(new Date().getFullYear());
  if (!saysWhen && !datedElsewhere) {
    prompts.push('When did this happen? A year, a season or how old you were helps place it on your timeline.');
  }
  if (content.split(/\s+/).filter(Boolean).length < 40) {
    prompts.push('What do you remember most: a sound, a smell, something someone said? Small details bring a memory to life.');
  }
  return prompts;
}

export async function improveStory(
  input: { title?: string; content: string; location?: string | null; eventDate?: string | null },
  analysis: StoryAnalysis,
): Promise<ImproveResult> {
  return {
    content: await tidyContent(input.content, analysis),
    prompts: missingDetailPrompts(input.content, analysis, input),
  };
}
