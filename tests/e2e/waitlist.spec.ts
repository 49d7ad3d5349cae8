import { expect, test } from './fixtures';

test('a visitor joins the waitlist from the hero and sees the success toast', async ({ page, toasts }) => {
  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  await hero.getByLabel('Email address').fill(`visitor-${Date.now()}@example.com`);
  await hero.getByRole('button', { name: 'Join Waitlist' }).click();
  await toasts.expectShown('Success!', "You've been added to the waitlist. We'll notify you when the product launches.");
  await expect(hero.getByLabel('Email address')).toHaveValue('');
});

// Each form is an island of its own (decision 035): the first and the last one hydrated.
for (const section of ['hero-title', 'closing-title']) {
  test(`an address sent before the page has loaded its script is sent once it has (${section})`, async ({ page, toasts }) => {
    // The landing page's script is held back until the visitor has pressed Join Waitlist on the prerendered page.
    let loadScript = () => {};
    const pressed = new Promise<void>((resolve) => (loadScript = resolve));
    await page.route(/\/assets\/hydrate-landing-[\w-]+\.js$/, async (route) => {
      await pressed;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' }); // the page's first script holds a form sent from now on
    const form = page.locator(`section[aria-labelledby="${section}"]`);
    await form.getByLabel('Email address').fill(`early-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Join Waitlist' }).click();
    loadScript();
    await toasts.expectShown('Success!', "You've been added to the waitlist. We'll notify you when the product launches.");
    await expect(form.getByLabel('Email address')).toHaveValue('');
    expect(new URL(page.url()).search).toBe(''); // the form never reloaded the page
  });
}

test('an invalid address shows the spec message and sends nothing', async ({ page }) => {
  let posted = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/waitlist')) posted = true;
  });
  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  await hero.getByLabel('Email address').fill('not-an-email');
  await hero.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(hero.getByText('Please enter a valid email address')).toBeVisible();
  expect(posted).toBe(false);
});

test('the FAQ shows ten questions, one open at a time, and a waitlist form', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  const questions = page
    .locator('main')
    .getByRole('button', { expanded: false })
    .or(page.locator('main').getByRole('button', { expanded: true }));
  await expect(questions).toHaveCount(10);
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await questions.nth(1).click();
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Join Waitlist' })).toBeVisible();
});
