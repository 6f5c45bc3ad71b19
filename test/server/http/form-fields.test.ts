import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormFields } from '../../../src/server/http/form-fields.js';
import { ADMIN_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function post(path: string, type: string, body: string) {
  const res = await request(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, accept: 'application/json', 'content-type': type },
    body,
  });
  return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
}

describe('form fields, urlencoded and multipart alike', () => {
  it('D-HTTP-BODY-ENCODINGS a later field wins and name[] fields make a list', () => {
    expect(
      FormFields.of([
        ['a', '1'],
        ['a', '2'],
        ['ids[]', '3'],
        ['ids[]', '4'],
        ['__proto__', 'x'],
      ]),
    ).toEqual(JSON.parse('{"a":"2","ids":["3","4"],"__proto__":"x"}'));
  });

  it('D-HTTP-BODY-ENCODINGS a urlencoded list (user_ids[]=…) is the list a JSON body sends, as multipart parts are', async () => {
    const boundary = 'b0';
    const multipart = [1, 2]
      .map((id) => `--${boundary}\r\ncontent-disposition: form-data; name="user_ids[]"\r\n\r\n${id}\r\n`)
      .join('');
    const answers = [
      await post('/api/v1/users/bulk-block', 'application/x-www-form-urlencoded', 'user_ids%5B%5D=1&user_ids[]=2'),
      await post(
        '/api/v1/users/bulk-unblock',
        `multipart/form-data; boundary=${boundary}`,
        `${multipart}--${boundary}--\r\n`,
      ),
      await post('/api/v1/users/bulk-block', 'application/json', '{"user_ids":[1,2]}'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  });
});
