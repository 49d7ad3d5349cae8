import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { seriousFindings } from './axe';
import { expect, readMail } from './fixtures';
import { testWithMicrophone } from './fake-microphone';

const test = testWithMicrophone;

const QUESTION = 'What is the first house you remember living in? Walk me through its rooms.';
const PHONE = { width: 375, height: 740 };

test('a storyteller answers a mailed question by voice on a phone, signed out, and the owner finds the memory', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  const owner = await signIn();
  const storytellerEmail = `e2e-storyteller-${randomUUID()}@example.com`;
  const contact = await page.request.post('/api/contacts', {
    data: { firstName: 'Margaret', lastName: 'Tyler', relationship: 'family', familyRelation: 'Grandmother', email: storytellerEmail },
  });
  expect(contact.status(), await contact.text()).toBe(201);

  // The owner starts an interview, all at once, with one question from the library.
  await page.goto('/story');
  await page.getByRole('link', { name: 'Ask the elders' }).click();
  await page.getByRole('link', { name: 'Start an interview' }).click();
  const form = page.getByRole('form', { name: 'Start an interview' });
  await form.getByLabel('Storyteller').selectOption({ label: `Margaret Tyler (${storytellerEmail})` });
  await form.getByRole('radio', { name: 'All questions at once' }).check();
  await form.getByRole('checkbox', { name: QUESTION }).check();
  await expect(form.getByRole('list', { name: 'Chosen questions' })).toContainText(QUESTION);
  expect(await seriousFindings(page)).toEqual([]);
  await form.getByRole('button', { name: 'Start the interview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Interview with Margaret Tyler/ })).toBeVisible();

  // The mail arrives; its link opens on a phone, signed out.
  const mail = await readMail(storytellerEmail, '/answer/');
  expect(mail.text).toContain(QUESTION);
  const phone = await browser.newContext({ baseURL, viewport: PHONE, permissions: ['microphone'], hasTouch: true, isMobile: true });
  const answerPage = await phone.newPage();
  await answerPage.goto(mail.link);
  await expect(answerPage.getByRole('heading', { level: 1, name: QUESTION })).toBeVisible();
  await expect(answerPage.getByText(`From ${owner.firstName}, for Margaret`)).toBeVisible();
  await expect(answerPage).toHaveURL(/\/answer$/); // the token left the address bar
  expect(await seriousFindings(answerPage)).toEqual([]);

  const recorder = answerPage.getByRole('region', { name: 'Your recording' });
  await recorder.getByRole('button', { name: 'Record' }).click();
  await expect(recorder.getByRole('timer', { name: 'Elapsed time' })).toHaveText('0:02', { timeout: 15_000 });
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(recorder.getByRole('button', { name: 'Play back' })).toBeVisible();
  expect(await answerPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  expect(await seriousFindings(answerPage)).toEqual([]);
  await answerPage.getByRole('button', { name: 'Send' }).click();
  await expect(answerPage.getByRole('heading', { level: 1, name: 'Thank you, Margaret!' })).toBeVisible({ timeout: 20_000 });

  // The owner finds the answer as a memory titled with the question, the recording attached.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Questions asked' })).toContainText('Answered');
  expect(await seriousFindings(page)).toEqual([]);
  await page.getByRole('link', { name: 'Read the answer' }).click();
  const memory = page.getByRole('article', { name: QUESTION }).first();
  await expect(memory).toBeVisible();
  await expect(memory.locator('audio')).toHaveCount(1);

  // The link, opened again, says the question was answered.
  await answerPage.goto(mail.link);
  await expect(answerPage.getByRole('heading', { level: 1, name: 'This question is done' })).toBeVisible();
  await phone.close();
});

test('an answer written on the phone, with a photo, is kept on the device when the page closes and sent from there', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  await signIn();
  const storytellerEmail = `e2e-storyteller-${randomUUID()}@example.com`;
  const contact = await page.request.post('/api/contacts', {
    data: { firstName: 'Albert', relationship: 'family', email: storytellerEmail },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const { id: contactId } = (await contact.json()) as { id: number };
  const started = await page.request.post('/api/interviews', {
    data: { storytellerContactId: contactId, schedule: null, questions: [{ text: 'What did your first bicycle look like?' }] },
  });
  expect(started.status(), await started.text()).toBe(201);
  const mail = await readMail(storytellerEmail, '/answer/');

  const phone = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  const answerPage = await phone.newPage();
  await answerPage.goto(mail.link);
  await answerPage.getByRole('button', { name: 'Write instead' }).click();
  await answerPage.getByLabel('Your answer in writing').fill('It was red, with a bell that never worked.');
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 30 } } })
    .jpeg()
    .toBuffer();
  await answerPage.getByLabel('Add photos').setInputFiles({ name: 'bicycle.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(answerPage.getByRole('list', { name: 'Photos to send' }).getByRole('listitem')).toHaveCount(1);

  // The page is closed before sending; the link, opened again, offers what was kept.
  await expect
    .poll(() =>
      answerPage.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('heirloom-answers');
            open.onsuccess = () => {
              const count = open.result.transaction('drafts').objectStore('drafts').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      ),
    )
    .toBe(1);
  await answerPage.close();
  const again = await phone.newPage();
  await again.goto(mail.link);
  await expect(again.getByRole('heading', { level: 1, name: 'You have an answer that was not sent yet' })).toBeVisible();
  await expect(again.getByText('It has written words and 1 photo')).toBeVisible();
  await again.getByRole('button', { name: 'Send it now' }).click();
  await expect(again.getByRole('heading', { level: 1, name: 'Thank you, Albert!' })).toBeVisible({ timeout: 20_000 });

  // Opened again, the link says the question is done, and nothing is offered any more.
  await again.goto(mail.link);
  await expect(again.getByRole('heading', { level: 1, name: 'This question is done' })).toBeVisible();
  await phone.close();
});
