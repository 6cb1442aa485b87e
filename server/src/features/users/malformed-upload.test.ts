import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TYPE_MESSAGE } from '@earmark/common';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../../test/helpers';
import { member, type Member } from '../entries/test-support';
import { MALFORMED_UPLOAD_MESSAGE } from '../../lib/media';

const PART_HEAD =
  'Content-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';

describe('users: malformed avatar uploads', () => {
  let t: TestApp;
  let me: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    me = await member(t);
  });
  afterAll(async () => t?.close());

  const upload = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${me.user.id}/update-image`,
      headers: { origin: TEST_ORIGIN, cookie: me.cookie, 'content-type': contentType },
      payload,
    });

  // A body without any part is answered like a missing file; one the parser cannot read, as malformed.
  const cases: [string, string, string, string][] = [
    [
      'no boundary',
      'multipart/form-data',
      `--xx\r\n${PART_HEAD}abc\r\n--xx--\r\n`,
      MALFORMED_UPLOAD_MESSAGE,
    ],
    [
      'an empty boundary',
      'multipart/form-data; boundary=',
      `--\r\n${PART_HEAD}abc\r\n----\r\n`,
      IMAGE_TYPE_MESSAGE,
    ],
    ['a quoted empty boundary', 'multipart/form-data; boundary=""', '', IMAGE_TYPE_MESSAGE],
    ['an empty body', 'multipart/form-data; boundary=xx', '', IMAGE_TYPE_MESSAGE],
    ['no parts', 'multipart/form-data; boundary=xx', '--xx--\r\n', IMAGE_TYPE_MESSAGE],
    [
      'an unterminated part',
      'multipart/form-data; boundary=xx',
      `--xx\r\n${PART_HEAD}abc`,
      MALFORMED_UPLOAD_MESSAGE,
    ],
    [
      'an unterminated part head',
      'multipart/form-data; boundary=xx',
      '--xx\r\nContent-Disposition: form-da',
      MALFORMED_UPLOAD_MESSAGE,
    ],
    [
      'a body of another boundary',
      'multipart/form-data; boundary=xx',
      `--yy\r\n${PART_HEAD}abc\r\n--yy--\r\n`,
      MALFORMED_UPLOAD_MESSAGE,
    ],
  ];

  for (const [name, contentType, body, message] of cases) {
    it(`answers 400 to a body with ${name}`, async () => {
      const res = await upload(contentType, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    });
  }

  it('leaves the account as it was', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().image).toBeNull();
  });
});
