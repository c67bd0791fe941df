// The least work that gives the room page's reply, as a floor beside the product (`npm run bench`, run.ts):
// plain node:http and node:sqlite, no framework, run in its own process. Per request it does only what the
// reply cannot do without: check the bearer token's HS256 signature and expiry, read the caller's account
// (one point read), run the product's own page and count statements on the same file (the `$filter`'s
// changing value bound as a parameter), parse the 51 rows, drop the storage fields and serialize.
// It knows one URL shape (`…&$filter=floor ge N and roomName ne 'X'`) and refuses others: a floor, not a product.
// `memory` as a fourth argument: the house's rooms are read once and kept parsed, and each request filters,
// orders, counts and pages them in JavaScript instead (what keeping every house in memory would give).
// Usage: node leanRoomPage.mjs <sqlite file> <jwt secret file> <port> [memory]
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { DatabaseSync } from 'node:sqlite';

const [file, secretFile, port, mode] = process.argv.slice(2);
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

/** Every room of a house, parsed, in name order (then id), read on its first request. */
const houses = new Map();
function roomsOf(houseID) {
  let rooms = houses.get(houseID);
  if (!rooms) {
    const all = db.prepare(`SELECT json(body) AS body FROM "houses" WHERE pk = ? AND c_type = 'room'`);
    rooms = all.all(houseID).map((row) => JSON.parse(row.body));
    rooms.sort((a, b) => (a.roomName < b.roomName ? -1 : a.roomName > b.roomName ? 1 : a.id < b.id ? -1 : 1));
    houses.set(houseID, rooms);
  }
  return rooms;
}

function inMemory([houseID, floor, name], top) {
  const matching = roomsOf(houseID).filter((room) => room.floor >= floor && room.roomName !== name);
  return { rows: matching.slice(0, top + 1), n: matching.length };
}

function fromSqlite(params, top) {
  const rows = page.all(...params, top + 1, 0).map((row) => JSON.parse(row.body));
  return { rows, n: count.get(...params).n };
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
  // Kept documents are never handed out: each view is a copy (`view`), as a parsed row would be.
  const { rows, n } = mode === 'memory' ? inMemory(params, top) : fromSqlite(params, top);
  const value = rows.slice(0, top).map(view);
  const reply = { '@odata.context': `${url.origin}/odata/$metadata#Room`, '@odata.count': n, value };
  if (rows.length > top) reply['@odata.nextLink'] = `${url.pathname}?$skiptoken=${top}`;
  const body = Buffer.from(JSON.stringify(reply));
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('floor ready'));
