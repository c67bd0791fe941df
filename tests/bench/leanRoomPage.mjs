// The least work that gives the room page's reply, as a floor beside the product (`npm run bench`, run.ts):
// plain node:http and node:sqlite, no framework, run in its own process. Per request it does only what the
// reply cannot do without: check the bearer token's HS256 signature and expiry, read the caller's account
// (one point read), run the product's own page and count statements on the same file (the `$filter`'s
// changing value bound as a parameter), parse the 51 rows, drop the storage fields and serialize.
// It knows one URL shape (`…&$filter=floor ge N and roomName ne 'X'`) and refuses others: a floor, not a product.
// Usage: node leanRoomPage.mjs <sqlite file> <jwt secret file> <port>
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { DatabaseSync } from 'node:sqlite';

const [file, secretFile, port] = process.argv.slice(2);
const secret = Buffer.from(readFileSync(secretFile, 'utf8').trim(), 'base64');
const db = new DatabaseSync(file, { readOnly: true });
const account = db.prepare('SELECT json(body) AS body FROM "users" WHERE pk = ? AND id = ?');
const where = `FROM "houses" INDEXED BY "houses_room_by_roomName" WHERE pk = ? AND (((c_type = 'room')) AND ((c_floor >= ?) AND (c_roomName <> ?)))`;
const page = db.prepare(`SELECT json(body) AS body ${where} ORDER BY c_roomName ASC, id LIMIT ? OFFSET ?`);
const count = db.prepare(`SELECT COUNT(1) AS n ${where}`);
const HIDDEN = new Set(['id', 'pk', 'type', '_ts', '_etag', 'ownerID', 'staffIDs', 'searchText']);
const FILTER = /^floor ge (-?\d+) and roomName ne '([^']*)'$/;

function caller(header) {
  const [head, payload, signature] = (header ?? '').replace(/^Bearer /, '').split('.');
  if (!signature) return undefined;
  const expected = createHmac('sha256', secret).update(`${head}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (claims.exp * 1000 < Date.now()) return undefined;
  const row = account.get(claims.sub, claims.sub);
  return row ? JSON.parse(row.body) : undefined;
}

function view(doc) {
  const shown = { '@odata.etag': doc._etag };
  for (const key of Object.keys(doc)) if (!HIDDEN.has(key)) shown[key] = doc[key];
  return shown;
}

createServer((req, res) => {
  const url = new URL(req.url, 'http://floor');
  const filter = FILTER.exec(url.searchParams.get('$filter') ?? '');
  const top = Number(url.searchParams.get('$top'));
  if (!caller(req.headers.authorization) || !filter || !(top > 0)) {
    res.writeHead(400).end();
    return;
  }
  const params = [url.searchParams.get('houseID'), Number(filter[1]), filter[2]];
  const rows = page.all(...params, top + 1, 0);
  const value = rows.slice(0, top).map((row) => view(JSON.parse(row.body)));
  const reply = {
    '@odata.context': `${url.origin}/odata/$metadata#Room`,
    '@odata.count': count.get(...params).n,
    value,
  };
  if (rows.length > top) reply['@odata.nextLink'] = `${url.pathname}?$skiptoken=${top}`;
  const body = Buffer.from(JSON.stringify(reply));
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('floor ready'));
