import { expect, test } from '../fixtures';
import { axeCheck, axeViolations } from '../support/axe';

/** Recorded in fixtures-data/musicbrainz/, served by global setup's stand-in for MusicBrainz. */
const PINK_MOON = '0c7d9a5e-3f1b-4c2a-8e6d-5b4a3c2d1e0f';

test('a release autofilled from a MusicBrainz address is reviewed, submitted and found', async ({
  page,
  newUser,
  login,
}) => {
  test.setTimeout(90_000);
  const contributor = await newUser({ confirmed: true });
  await login(page, contributor);

  await page.goto('/contributions/releases/new');
  await page
    .getByRole('textbox', { name: 'Autofill', exact: true })
    .fill(`https://musicbrainz.org/release/${PINK_MOON}`);
  await page.getByRole('button', { name: 'Fill in' }).click();

  const form = page.getByRole('form', { name: 'Add Release' });
  await expect(form.getByLabel('Track 1 title')).toHaveValue('Pink Moon');
  await expect(form.getByLabel('Track 2 title')).toHaveValue('Place to Be');
  await expect(form.getByLabel('Track 3 title')).toHaveValue('Road');
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue('Pink Moon');
  await expect(form.getByLabel('Year')).toHaveValue('1972');
  await expect(form.getByLabel('Or an image address')).toHaveValue(
    new RegExp(`/coverart/release/${PINK_MOON}/front$`),
  );

  expect(await axeViolations(axeCheck(page), 'Add Release after autofill')).toEqual([]);

  // The artist is made through its own submission unless an earlier run made it.
  const createArtist = page.getByRole('button', { name: 'Create artist Nick Drake' });
  if (await createArtist.isVisible()) {
    await createArtist.click();
    const dialog = page.getByRole('dialog', { name: 'New artist' });
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Nick Drake');
    await dialog.getByLabel('Note').fill('Credited on MusicBrainz.');
    await dialog.getByRole('button', { name: 'Add artist' }).click();
    await expect(dialog).toHaveCount(0);
  }
  await expect(form.getByRole('list', { name: 'Chosen artists' })).toContainText('Nick Drake');

  await form.getByLabel('Note').fill('Filled from MusicBrainz.');
  await form.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/release\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pink Moon');
  const tracks = page.getByRole('region', { name: 'Tracks' });
  for (const title of ['Pink Moon', 'Place to Be', 'Road'])
    await expect(tracks).toContainText(title);
  await expect(page.getByRole('img', { name: /^Cover of Pink Moon/ })).toBeVisible();
});
