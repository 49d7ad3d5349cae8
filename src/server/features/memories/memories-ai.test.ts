// The AI routes with the built-in (offline) provider: no AI_* settings, no network.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories } from '@server/db/schema';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

const stories = [
  {
    title: 'Our wedding day',
    description: "Michael and I got married at St. Mary's Church in Boston on June 12, 1976. My father walked me down the aisle.",
    expected: ['Wedding', 'Michael', 'Boston', "St. Mary's Church", '1976'],
  },
  {
    title: 'The day Sarah was born',
    description: 'Sarah was born at Mercy Hospital in Chicago on a cold February morning in 1985. Her big brother David held her first.',
    expected: ['Birth', 'Sarah', 'David', 'Chicago', 'Mercy Hospital', '1985', 'Family'],
  },
  {
    title: "David's graduation",
    description: 'David graduated from Stanford University in 2007. The whole family flew out to California for the ceremony.',
    expected: ['Graduation', 'David', 'Stanford University', 'California', '2007'],
  },
  {
    title: 'Christmas at the farm',
    description: "Every Christmas we went to Grandpa Joe's farm in Iowa. We cut our own tree and Mom baked gingerbread cookies.",
    expected: ['Christmas', 'Grandpa Joe', 'Iowa', 'Family'],
  },
  {
    title: 'Moving to Canada',
    description: 'In 1962 my parents emigrated from Glasgow, Scotland to Toronto with three suitcases and two children.',
    expected: ['Immigration', 'Glasgow', 'Scotland', 'Toronto', '1962'],
  },
  {
    title: "Grandma Rose's 80th birthday",
    description: "We all drove up to Lake Tahoe for Grandma Rose's birthday in the summer of 1998. Uncle Bill made his famous barbecue.",
    expected: ['Birthday', 'Grandma Rose', 'Uncle Bill', 'Lake Tahoe', '1998', 'Summer'],
  },
];

describe('memories AI (built in, offline)', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await signUp(t.app);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload });

  it.each(stories)('suggests the people, places, event and year of "$title"', async ({ title, description, expected }) => {
    const res = await post('/api/memories/analyze', { title, description });
    expect(res.statusCode).toBe(200);
    const { tags } = res.json() as { tags: string[] };
    for (const tag of expected) expect(tags).toContain(tag);
  });

  it('leaves out the tags the memory already has', async () => {
    const { title, description } = stories[0]!;
    const res = await post('/api/memories/analyze', { title, description, existingTags: ['wedding', 'Boston'] });
    expect(res.json().tags).not.toContain('Wedding');
    expect(res.json().tags).not.toContain('Boston');
    expect(res.json().tags).toContain('Michael');
  });

  it('answers the same every time (deterministic)', async () => {
    const { title, description } = stories[1]!;
    const first = (await post('/api/memories/analyze', { title, description })).json();
    const second = (await post('/api/memories/analyze', { title, description })).json();
    expect(second).toEqual(first);
  });

  it('answers an empty list for text with nothing to tag', async () => {
    const res = await post('/api/memories/analyze', { title: 'It', description: 'it was.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tags: [] });
  });

  it.each([[{ title: '', description: 'Some story' }], [{ title: 'A title', description: '   ' }], [{ title: 'A title' }]])(
    'refuses %o with the spec message',
    async (payload) => {
      const res = await post('/api/memories/analyze', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please provide both a title and content for the memory.');
    },
  );

  it('proposes tidied content and asks about missing details', async () => {
    const res = await post('/api/memories/improve', {
      title: 'The lake',
      content: 'we went to the lake every summer .dad rowed the boat,and i fed the ducks',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe('We went to the lake every summer. Dad rowed the boat, and I fed the ducks.');
    expect(res.json().prompts).toContain('You mention your dad. Adding their name helps future generations know who they were.');
    expect(res.json().prompts).toContain('Where did this happen? A town, a street or even a house helps place the story.');
  });

  it('refuses to improve empty content with the spec message', async () => {
    const res = await post('/api/memories/improve', { title: 'x', content: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Content is required');
  });

  describe('suggestions and organisation', () => {
    let owner: Awaited<ReturnType<typeof signUp>>;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      owner = await signUp(t.app);
      const today = new Date().toISOString().slice(0, 10);
      const create = async (key: string, payload: object) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/memories', headers: { cookie: owner.cookie }, payload });
        ids[key] = res.json().id;
      };
      // Written today with the form's default date, though the story says 1976; no tags, no location.
      await create('wedding', { title: 'Our wedding day', content: stories[0]!.description, eventDate: today });
      // Complete: nothing to suggest.
      await create('farm', {
        title: 'Christmas at the farm',
        content: stories[3]!.description,
        eventDate: '1979-12-25',
        tags: ['Christmas'],
        location: 'Iowa',
      });
      await create('farm2', {
        title: 'Easter at the farm',
        content: 'Grandpa Joe hid eggs all over the farm in Iowa. Michael found the most.',
        eventDate: '1980-04-06',
        tags: ['Easter'],
        location: 'Iowa',
      });
      await create('boston', {
        title: 'Back to Boston',
        content: 'Michael and I went back to Boston for our anniversary.',
        eventDate: '2001-06-12',
        tags: ['Anniversary'],
      });
    });

    it('lists memories missing tags, a location or a believable date, with fixes from their own story', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/memories/suggestions', headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(200);
      const { suggestions } = res.json() as {
        suggestions: Array<{
          memoryId: number;
          missing: string[];
          proposed: { tags: string[]; location: string | null; eventDate: string | null };
        }>;
      };
      const wedding = suggestions.find((s) => s.memoryId === ids.wedding)!;
      expect(wedding.missing).toEqual(['tags', 'location', 'eventDate']);
      expect(wedding.proposed.tags).toEqual(expect.arrayContaining(['Wedding', 'Michael']));
      expect(wedding.proposed.location).toBe('Boston');
      expect(wedding.proposed.eventDate).toBe('1976-06-12');
      const boston = suggestions.find((s) => s.memoryId === ids.boston)!;
      expect(boston.missing).toEqual(['location']);
      expect(boston.proposed.location).toBe('Boston');
      expect(suggestions.some((s) => s.memoryId === ids.farm)).toBe(false);
    });

    it('groups memories by year, place, person and occasion', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/memories/organize', headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(200);
      const org = res.json();
      expect(org.years.map((g: { label: string }) => g.label)).toEqual([new Date().toISOString().slice(0, 4), '2001', '1980', '1979']);
      // Largest groups first, ties alphabetically.
      expect(org.places.map((g: { label: string }) => g.label)).toEqual(['Boston', 'Iowa']);
      expect(org.places[0].memoryIds).toEqual(expect.arrayContaining([ids.wedding, ids.boston]));
      expect(org.places[1].memoryIds).toEqual(expect.arrayContaining([ids.farm, ids.farm2]));
      const michael = org.people.find((g: { label: string }) => g.label === 'Michael');
      expect(michael.memoryIds).toHaveLength(3);
      expect(org.themes).toContainEqual({ label: 'Wedding', memoryIds: [ids.wedding] });
      expect(org.themes).toContainEqual({ label: 'Christmas', memoryIds: [ids.farm] });
    });

    it('never mixes in another user’s memories', async () => {
      const stranger = await signUp(t.app);
      const sugg = await t.app.inject({ method: 'GET', url: '/api/memories/suggestions', headers: { cookie: stranger.cookie } });
      const org = await t.app.inject({ method: 'GET', url: '/api/memories/organize', headers: { cookie: stranger.cookie } });
      expect(sugg.json()).toEqual({ suggestions: [] });
      expect(org.json()).toEqual({ years: [], places: [], people: [], themes: [] });
    });

    it('forgets a memory’s old analysis when it is edited', async () => {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/memories/${ids.boston}`,
        headers: { cookie: owner.cookie },
        payload: { title: 'Off to Denver', content: 'Michael and I went to Denver for our anniversary.' },
      });
      const res = await t.app.inject({ method: 'GET', url: '/api/memories/suggestions', headers: { cookie: owner.cookie } });
      const boston = res.json().suggestions.find((s: { memoryId: number }) => s.memoryId === ids.boston);
      expect(boston.proposed.location).toBe('Denver');
      const [row] = await t.db.select().from(memories).where(eq(memories.id, ids.boston!));
      expect(row!.location).toBeNull(); // suggestions never change anything by themselves
    });
  });
});
