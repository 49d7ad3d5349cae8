import sharp from 'sharp';
import { expect, test } from './fixtures';

// The e2e server runs with FACE_RECOGNITION=off: the only faces are those the owner draws.
test('the owner draws a box around a face in the viewer, names it, sees the name on hover, and finds the person in the gallery', async ({
  page,
  signIn,
  toasts,
}) => {
  await signIn();
  const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c96' } })
    .png()
    .toBuffer();
  const res = await page.request.post('/api/photos', {
    multipart: { photo: { name: 'lake.png', mimeType: 'image/png', buffer: picture } },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  await page.goto(`/photos?photo=${id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('No one is marked in this photo yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add a face' }).click();
  const area = dialog.getByTestId('draw-face');
  const at = (await area.boundingBox())!;
  await page.mouse.move(at.x + at.width * 0.3, at.y + at.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width * 0.5, at.y + at.height * 0.6, { steps: 5 });
  await page.mouse.up();

  await dialog.getByLabel('Who is this?').fill('Grandpa Joe');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toasts.expectShown('This face is Grandpa Joe.');
  await expect(dialog.getByRole('region', { name: 'People in this photo' }).getByRole('link', { name: 'Grandpa Joe' })).toBeVisible();

  // Over the picture: the name shows while the pointer is there (People turned off), and not otherwise.
  const onPicture = dialog.getByRole('group', { name: 'Faces in this photo' });
  const name = onPicture.getByRole('link', { name: 'Grandpa Joe' });
  await dialog.getByRole('button', { name: 'People', pressed: true }).click();
  await page.mouse.move(1, 1);
  await expect(name).toBeHidden();
  await onPicture.hover();
  await expect(name).toBeVisible();

  // The name leads to the person, who is put in the family tree with one click, and whose page leads to the
  // gallery of their photos.
  await name.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grandpa Joe' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to the family tree' }).click();
  await toasts.expectShown('Added to the family tree');
  const inTree = page.getByRole('group', { name: 'In the family tree' });
  await expect(inTree.getByRole('link', { name: 'Show in the tree' })).toBeVisible();
  const joe = (await (await page.request.get(`/api/tree/persons?personId=${page.url().split('/').pop()}`)).json()) as {
    items: { id: number; givenNames: string; surname: string }[];
  };
  expect(joe.items.map((p) => `${p.givenNames} ${p.surname}`)).toEqual(['Grandpa Joe']);
  const me = (await (await page.request.get('/api/tree/me')).json()) as { id: number };
  const linked = await page.request.post('/api/tree/relations', { data: { kind: 'parent', from: joe.items[0]!.id, to: me.id } });
  expect(linked.status()).toBe(201);
  await page.reload();
  await expect(inTree.getByText('In the family tree: your parent')).toBeVisible();
  await inTree.getByRole('link', { name: 'Show in the tree' }).click();
  await expect(page).toHaveURL(new RegExp(`/family/tree\\?root=${joe.items[0]!.id}$`));
  await expect(page.getByRole('region', { name: 'Family tree' }).getByRole('link', { name: /^Grandpa Joe, your parent/ })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Show in the gallery' }).click();
  await expect(page).toHaveURL(/\/photos\?person=\d+$/);
  await expect(page.getByText('Person: Grandpa Joe')).toBeVisible();
  await expect(page.getByRole('button', { name: /lake/ }).first()).toBeVisible();
});
