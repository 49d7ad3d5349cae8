import { describe, expect, it } from 'vitest';
import { tagsFromAnalysis } from './builtin-provider';
import { improveStory, tidyContent } from './content-tidy';
import { analyzeStory } from './story-analysis';

// Realistic family stories; each expectation names what a reader would tag the memory with.
const stories = [
  {
    title: "Grandma Rose's 80th birthday",
    content:
      "We all drove up to Lake Tahoe for Grandma Rose's birthday in the summer of 1998. Uncle Bill made his famous barbecue and Aunt Linda brought the cake.",
    people: ['Grandma Rose', 'Uncle Bill', 'Aunt Linda'],
    places: ['Lake Tahoe'],
    events: ['Birthday'],
    tags: ['Birthday', 'Grandma Rose', 'Lake Tahoe', '1998', 'Summer', 'Family'],
    date: '1998-07-01',
  },
  {
    title: 'Our wedding day',
    content:
      "Michael and I got married at St. Mary's Church in Boston on June 12, 1976. My father walked me down the aisle and it rained all afternoon.",
    people: ['Michael'],
    places: ['Boston', "St. Mary's Church"],
    events: ['Wedding'],
    tags: ['Wedding', 'Michael', 'Boston', '1976'],
    date: '1976-06-12',
  },
  {
    title: 'When Emma was born',
    content:
      "Our daughter Emma was born on March 3, 2015 at St. Luke's Hospital in Kansas City. She weighed seven pounds and had a full head of dark hair. Her grandmother Patricia flew in from Denver the next morning.",
    people: ['Emma', 'Patricia'],
    places: ['Kansas City', 'Denver', "St. Luke's Hospital"],
    events: ['Birth'],
    tags: ['Birth', 'Emma', 'Kansas City', '2015'],
    date: '2015-03-03',
  },
  {
    title: "David's graduation",
    content:
      'David graduated from Stanford University in 2007. The whole family flew out to California and we had dinner at a little Italian place in Palo Alto.',
    people: ['David'],
    places: ['California', 'Stanford University'],
    events: ['Graduation'],
    tags: ['Graduation', 'David', 'California', '2007'],
    date: '2007-01-01',
  },
  {
    title: 'Christmas at the farm',
    content:
      "Every Christmas we went to Grandpa Joe's farm in Iowa. We cut our own tree, and Mom baked gingerbread cookies with the cousins.",
    people: ['Grandpa Joe'],
    places: ['Iowa'],
    events: ['Christmas'],
    tags: ['Christmas', 'Grandpa Joe', 'Iowa', 'Family', 'Farm'],
    date: null,
  },
  {
    title: 'Moving to Canada',
    content:
      'In 1962 my parents emigrated from Glasgow, Scotland to Toronto with three suitcases and two children. Dad found work at the steel mill in Hamilton.',
    people: [],
    places: ['Glasgow', 'Scotland', 'Toronto', 'Hamilton'],
    events: ['Immigration'],
    tags: ['Immigration', 'Glasgow', 'Toronto', '1962', 'Family'],
    date: '1962-01-01',
  },
  {
    title: 'Thanksgiving 1989',
    content:
      "The whole family crowded into Aunt Margaret's tiny house in Savannah, Georgia. Cousin Jimmy dropped the turkey on the kitchen floor and Grandpa laughed so hard he had to sit down.",
    people: ['Aunt Margaret', 'Cousin Jimmy'],
    places: ['Savannah', 'Georgia'],
    events: ['Thanksgiving'],
    tags: ['Thanksgiving', 'Aunt Margaret', 'Savannah', '1989'],
    date: '1989-11-23',
  },
  {
    title: "Grandpa's war stories",
    content:
      'My grandfather Henry served in the Navy during World War II. He was stationed at Pearl Harbor and never talked much about it, except for the day he met my grandmother at a dance in Honolulu.',
    people: ['Henry'],
    places: ['Honolulu', 'Pearl Harbor'],
    events: ['Military Service'],
    tags: ['Military Service', 'Henry', 'Honolulu', 'Family'],
    date: null,
  },
];

describe('analyzeStory', () => {
  it.each(stories)('reads who, where, what and when in "$title"', (story) => {
    const analysis = analyzeStory(story.title, story.content);
    for (const person of story.people) expect(analysis.people).toContain(person);
    for (const place of story.places) expect(analysis.places).toContain(place);
    for (const event of story.events) expect(analysis.events).toContain(event);
    expect(analysis.date).toBe(story.date);
    // Nothing is both a person and a place.
    expect(analysis.people.filter((p) => analysis.places.includes(p))).toEqual([]);
  });

  it.each(stories)('suggests ranked, de-duplicated tags for "$title"', (story) => {
    const tags = tagsFromAnalysis(analyzeStory(story.title, story.content), []);
    for (const tag of story.tags) expect(tags).toContain(tag);
    expect(tags[0]).toBe(story.events[0]); // what happened comes first
    expect(new Set(tags.map((t) => t.toLowerCase())).size).toBe(tags.length);
    expect(tags.length).toBeLessThanOrEqual(10);
  });

  it('does not mistake the turkey on the table for the country, or a church for a person', () => {
    const thanksgiving = analyzeStory(stories[6]!.title, stories[6]!.content);
    expect(thanksgiving.places).not.toContain('Turkey');
    const wedding = analyzeStory(stories[1]!.title, stories[1]!.content);
    expect(wedding.people).not.toContain('Mary');
  });

  it('never suggests a tag the memory already has, in any case', () => {
    const analysis = analyzeStory(stories[0]!.title, stories[0]!.content);
    const tags = tagsFromAnalysis(analysis, ['birthday', 'LAKE TAHOE']);
    expect(tags).not.toContain('Birthday');
    expect(tags).not.toContain('Lake Tahoe');
    expect(tags).toContain('Grandma Rose');
  });

  it('reads decades, seasons and pastimes', () => {
    const analysis = analyzeStory(
      'Fishing with Dad',
      'In the sixties, every summer my dad took me fishing on the Mississippi River. We never caught much, but we ate sandwiches in the boat.',
    );
    expect(analysis.decades).toEqual(['1960s']);
    expect(analysis.seasons).toEqual(['Summer']);
    expect(analysis.topics).toContain('Fishing');
    expect(analysis.places).toContain('Mississippi River');
  });

  it('reads an enormous story in bounded time', () => {
    const long = `${stories[0]!.content}\n\n`.repeat(500); // ~80,000 characters
    const started = performance.now();
    const analysis = analyzeStory('Birthdays', long);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(analysis.people).toContain('Grandma Rose');
  });
});

describe('improveStory (built in)', () => {
  it('tidies capitalisation, spacing and punctuation without changing the words', async () => {
    const messy = 'we drove to chicago in 1985 .it was cold,and sarah was born at Mercy Hospital!!! i held her first';
    const analysis = analyzeStory('The day Sarah was born', messy);
    const tidied = await tidyContent(messy, analysis);
    expect(tidied).toBe('We drove to Chicago in 1985. It was cold, and Sarah was born at Mercy Hospital! I held her first.');
  });

  it('keeps the writer’s line breaks and paragraphs', async () => {
    const text = 'first line\nsecond line\n\n\n\nnew paragraph';
    expect(await tidyContent(text, analyzeStory('', text))).toBe('First line\nSecond line.\n\nNew paragraph.');
  });

  it('leaves abbreviations, times and web addresses alone', async () => {
    const text = 'We met Dr. Smith at 5 p.m. near www.example.com, e.g. by the U.S.A. sign.';
    expect(await tidyContent(text, analyzeStory('', text))).toBe(text);
  });

  it('splits one long block into paragraphs where the story moves on', async () => {
    const text = [
      'We arrived at the cabin on Friday.',
      'The lake was still frozen at the edges.',
      'Dad lit the stove and Mom unpacked the food.',
      'Later that night we heard wolves for the first time.',
      'Nobody slept much.',
      'The next morning the ice had melted and we took the canoe out.',
      'It was the best weekend of that whole year for all of us, and we talked about it for years afterwards.',
    ].join(' ');
    const paragraphs = (await tidyContent(text, analyzeStory('', text))).split('\n\n');
    expect(paragraphs.length).toBeGreaterThan(1);
    expect(paragraphs[1]).toMatch(/^Later that night/);
    expect(paragraphs.join(' ')).toBe(text);
  });

  it('asks gently about who, where and when when the story does not say', async () => {
    const result = await improveStory({ content: 'we laughed until we cried' }, analyzeStory('', 'we laughed until we cried'));
    expect(result.content).toBe('We laughed until we cried.');
    expect(result.prompts).toEqual([
      'Who was there with you? Naming the people in this story helps your family recognise them.',
      'Where did this happen? A town, a street or even a house helps place the story.',
      'When did this happen? A year, a season or how old you were helps place it on your timeline.',
      'What do you remember most: a sound, a smell, something someone said? Small details bring a memory to life.',
    ]);
  });

  it('asks for the name behind a family word, and not for details the story or form already has', async () => {
    const content = 'My dad taught me to ride a bike in the summer of 1979 outside our house in Leeds.';
    const result = await improveStory({ content, location: null }, analyzeStory('Learning to ride', content));
    expect(result.prompts[0]).toBe('You mention your dad. Adding their name helps future generations know who they were.');
    expect(result.prompts.some((p) => p.startsWith('Where'))).toBe(false);
    expect(result.prompts.some((p) => p.startsWith('When'))).toBe(false);
  });
});
