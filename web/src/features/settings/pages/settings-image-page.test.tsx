import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { callsTo, signedInApi, stubObjectUrls } from '../test-support';

beforeEach(stubObjectUrls);

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const UPLOAD = 'PATCH /api/users/u1/update-image';
const image = { sm: '/media/avatars/a-sm.webp', md: '/media/avatars/a-md.webp' };

describe('image settings', () => {
  it('refuses a file that is not a supported image, without uploading', async () => {
    // Typed input would drop a file its accept list refuses; a drop or an old browser would not.
    const user = userEvent.setup({ applyAccept: false });
    const fetchMock = signedInApi();
    const { container } = renderApp('/settings/image');

    const input = await screen.findByLabelText('Choose image');
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));

    expect(
      await screen.findByText('File must be a JPEG, PNG, WebP, GIF or AVIF image'),
    ).toBeTruthy();
    expect(container.querySelector('img[alt="Preview of the chosen image"]')).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Upload image' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(callsTo(fetchMock, UPLOAD)).toEqual([]);
  });

  it('previews the chosen image, uploads it and shows the new picture', async () => {
    const user = userEvent.setup();
    const me = makeUser({ id: 'u1', image: null });
    const fetchMock = signedInApi(me, { [UPLOAD]: json(200, { ...me, image }) });
    renderApp('/settings/image');

    const file = new File(['png-bytes'], 'me.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Choose image'), file);
    expect(
      screen.getByRole('img', { name: 'Preview of the chosen image' }).getAttribute('src'),
    ).toBe('blob:preview');
    expect(screen.getByText('me.png')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Upload image' }));

    expect(await screen.findByText('Image uploaded successfully')).toBeTruthy();
    const [call] = callsTo(fetchMock, UPLOAD);
    expect((call?.body as FormData).get('image')).toBe(file);
    expect(screen.queryByRole('img', { name: 'Preview of the chosen image' })).toBeNull();
    // The header's avatar and the current picture now use the uploaded image.
    expect(document.querySelector(`img[src="${image.md}"]`)).toBeTruthy();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });
});
