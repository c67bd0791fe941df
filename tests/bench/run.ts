/**
 * `npm run bench`: figures for the issues' benchmarks, each beside this machine's own
 * baseline measured in the same run. Not a timed test: it prints, it does not assert.
 *   1. GET /odata/House?$expand=rooms for a landlord with 10 houses × 100 rooms (SQLite),
 *      the first page of a 500-room house's rooms (with and without `$count`) and the whole house, 50 connections, each
 *      beside a bare Node http server returning the same bytes; the first page also beside the least work that
 *      gives its reply (tests/bench/leanRoomPage.mjs: plain node:http and node:sqlite, the same statements;
 *      then the same with the house's rooms kept parsed in memory).
 *   2. Contracts: creating 1,000 through the API (20 at a time; occupants, a vehicle, a tenant
 *      account each) beside a bare Node server taking the same requests, then the first page of
 *      a 500-room house's contracts with every expand, beside a bare server with the same bytes.
 *   3. Cold start: importing every function module from api/dist (the local host) and from the
 *      deployment package's bundle (what Azure loads), and which dependencies dominate it.
 *   4. Billing: drafting and issuing 10,000 bills on SQLite (time, peak memory, beside plain
 *      node:sqlite doing the same reads and writes) and the store operations per bill on the Cosmos
 *      adapter (tests/bench/billing.ts).
 *   5. VNPay IPN: 5,000 signed notifications for distinct pending payments, 50 connections, beside a bare
 *      Node server with the same reply, 50 concurrent copies of one, and the same store work on plain
 *      node:sqlite (tests/bench/ipn.ts).
 *   6. Dashboard report: GET /odata/DashboardReport for a 500-room house with a year of bills, 50
 *      connections, beside a bare Node server with the same bytes (tests/bench/dashboardReport.ts).
 * Ends with one summary table. BENCH_SECONDS (default 5) sets each measured run's length. BENCH_ONLY names
 * the parts to run, comma-separated: cold, import, lists, contracts, ipn, billing, dashboard (default: all).
 * Beside each load figure: the product's CPU time per request (user + system, from /proc), which moves
 * less than throughput when other work shares the machine. BENCH_PRODUCT_ARGS adds Node options to the
 * product only (`--cpu-prof --cpu-prof-dir=…` profiles it); BENCH_PRODUCT_LOG names a file for its output.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { ROLE } from '@nhatro/common';
import { loadConfig } from '../../api/src/config/index.js';
import type { HouseDoc, RoomDoc } from '../../api/src/domain/shared/model.js';
import { freePort } from '../../api/src/local/azurite.js';
import { seedDemoData } from '../../api/src/local/seed.js';
import { createDeps } from '../../api/src/composition/deps.js';
import { createUser } from '../../api/src/useCases/shared/users.js';
import { billingBenchmark } from './billing.js';
import { cosmosBenchmark } from './cosmos.js';
import { dashboardReportBenchmark, seedDashboardBench } from './dashboardReport.js';
import { ipnBenchmark, seedIpnBench } from './ipn.js';

const ROOT = resolve(import.meta.dirname, '../..');
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const PARTS = ['cold', 'import', 'lists', 'contracts', 'ipn', 'billing', 'dashboard', 'cosmos'] as const;
type Part = (typeof PARTS)[number];
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const unknownPart = ONLY?.find((part) => !PARTS.includes(part as Part));
if (unknownPart) throw new Error(`BENCH_ONLY: unknown part ${unknownPart} (${PARTS.join(', ')})`);
function runs(part: Part): boolean {
  return !ONLY || ONLY.includes(part);
}

interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  bytesPerResponse: number;
  cpuMsPerRequest: number;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * `fresh`: a new URL on every request (`fresh(n)` gives the n-th path), so no reply can come from the
 * reply cache: the work, not a lookup.
 */
async function load(
  url: string,
  pid: number,
  headers: Record<string, string> = {},
  fresh?: (n: number) => string,
): Promise<LoadFigures> {
  let n = 0;
  const requests: autocannon.Request[] | undefined = fresh
    ? [
        {
          setupRequest: (request: autocannon.Request) => {
            n += 1;
            return { ...request, path: fresh(n) };
          },
        },
      ]
    : undefined;
  const options = { url, connections: CONNECTIONS, headers, ...(requests ? { requests } : {}) };
  // Warm-up, then the measured run.
  await autocannon({ ...options, duration: 1 });
  const cpuBefore = await cpuMs(pid);
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  const cpu = (await cpuMs(pid)) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(result.requests.total, 1)),
    cpuMsPerRequest: Number((cpu / Math.max(result.requests.total, 1)).toFixed(3)),
  };
}

function waitForLine(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolveWait, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`timeout waiting for "${text}":\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) {
        clearTimeout(timer);
        resolveWait();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
}

async function seedBenchLandlord(dataDir: string): Promise<void> {
  const services = await createDeps(loadConfig({ ...process.env, DATA_DIR: dataDir }));
  await seedDemoData(services);
  const landlord = await createUser(services, {
    username: 'bench',
    password: 'Bench@123456',
    roleID: ROLE.houseModerator,
    fullName: 'Chủ trọ đo tải',
    extra: { roomQuota: 10_000, lessorInfo: { status: 1 } },
  });
  const now = new Date().toISOString();
  for (let h = 1; h <= 10; h += 1) {
    const houseID = randomUUID();
    const house: HouseDoc = {
      id: houseID,
      pk: houseID,
      type: 'house',
      houseID,
      houseName: `Nhà trọ số ${h}`,
      houseAddress: `${h} Võ Văn Ngân, TP. Thủ Đức`,
      ownerID: landlord.userID,
      staffIDs: [],
      createdOn: now,
    };
    const rooms: RoomDoc[] = Array.from({ length: 100 }, (_, i) => {
      const roomID = randomUUID();
      return {
        id: roomID,
        pk: houseID,
        type: 'room',
        roomID,
        houseID,
        roomName: `P${Math.floor(i / 20) + 1}${String((i % 20) + 1).padStart(2, '0')}`,
        roomDescription: 'Phòng có gác lửng, vệ sinh riêng',
        acreage: 20,
        floor: Math.floor(i / 20) + 1,
        price: 3_000_000,
        status: 'empty',
        currentElectricityIndex: 1200,
        currentWaterIndex: 140,
        images: [],
        createdOn: now,
      };
    });
    await services.store.container<HouseDoc | RoomDoc>('houses').batch(
      houseID,
      [house, ...rooms].map((doc) => ({ op: 'create' as const, doc })),
    );
  }
  // One big house for the room-list benchmark (issue: GET /odata/Room for a 500-room house).
  const bigHouseID = randomUUID();
  const bigHouse: HouseDoc = {
    id: bigHouseID,
    pk: bigHouseID,
    type: 'house',
    houseID: bigHouseID,
    houseName: 'Ký túc xá 500 phòng',
    houseAddress: '1 Võ Văn Ngân, TP. Thủ Đức',
    ownerID: landlord.userID,
    staffIDs: [],
    createdOn: now,
  };
  const bigRooms: RoomDoc[] = Array.from({ length: 500 }, (_, i) => {
    const roomID = randomUUID();
    return {
      id: roomID,
      pk: bigHouseID,
      type: 'room',
      roomID,
      houseID: bigHouseID,
      roomName: `K${String(i + 1).padStart(3, '0')}`,
      roomDescription: 'Phòng ký túc xá',
      acreage: 16,
      floor: Math.floor(i / 50) + 1,
      price: 1_800_000,
      status: 'empty',
      currentElectricityIndex: 500,
      currentWaterIndex: 50,
      images: [],
      createdOn: now,
    };
  });
  const rooms = services.store.container<HouseDoc | RoomDoc>('houses');
  const bigDocs: Array<HouseDoc | RoomDoc> = [bigHouse, ...bigRooms];
  for (let start = 0; start < bigDocs.length; start += 100) {
    await rooms.batch(
      bigHouseID,
      bigDocs.slice(start, start + 100).map((doc) => ({ op: 'create' as const, doc })),
    );
  }
  // A second 500-room house: the contract benchmark fills both with 1,000 contracts.
  const secondHouseID = randomUUID();
  const secondDocs: Array<HouseDoc | RoomDoc> = [
    { ...bigHouse, id: secondHouseID, pk: secondHouseID, houseID: secondHouseID, houseName: 'Ký túc xá B' },
    ...bigRooms.map((room) => {
      const roomID = randomUUID();
      return { ...room, id: roomID, pk: secondHouseID, roomID, houseID: secondHouseID };
    }),
  ];
  for (let start = 0; start < secondDocs.length; start += 100) {
    await rooms.batch(
      secondHouseID,
      secondDocs.slice(start, start + 100).map((doc) => ({ op: 'create' as const, doc })),
    );
  }
  await services.store.close();
}

/** A bare Node server that reads each request's body and answers with `reply` (the baseline of writes). */
async function bareWriteServer(reply: Buffer, dir: string, children: ChildProcess[]): Promise<string> {
  const bodyFile = join(dir, `reply-${randomUUID()}.json`);
  await writeFile(bodyFile, reply);
  const port = await freePort();
  const bare = spawn(
    process.execPath,
    [
      '-e',
      `const body=require('fs').readFileSync(${JSON.stringify(bodyFile)});
       require('http').createServer((q,s)=>{const parts=[];q.on('data',(c)=>parts.push(c));q.on('end',()=>{JSON.parse(Buffer.concat(parts).toString());
         s.writeHead(201,{'content-type':'application/json','content-length':body.length});s.end(body)})})
         .listen(${port},'127.0.0.1',()=>console.log('bare ready'))`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(bare);
  await waitForLine(bare, 'bare ready');
  return `http://127.0.0.1:${port}`;
}

/** Sends `bodies` as POSTs to `url`, `inFlight` at a time; returns the seconds taken and the failures. */
async function postAll(
  url: string,
  headers: Record<string, string>,
  bodies: unknown[],
  inFlight: number,
): Promise<{ seconds: number; failures: string[]; firstReply: Buffer }> {
  const failures: string[] = [];
  let firstReply = Buffer.alloc(0);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < bodies.length) {
        const body = bodies[next];
        next += 1;
        const reply = await fetch(url, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const bytes = Buffer.from(await reply.arrayBuffer());
        if (reply.status !== 201) failures.push(`${reply.status} ${bytes.toString().slice(0, 120)}`);
        else if (firstReply.length === 0) firstReply = bytes;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, failures, firstReply };
}

/** What a landlord fills in for one room: a representative, a second occupant, a motorbike. */
function contractBody(roomID: string, index: number) {
  const serial = String(index).padStart(5, '0');
  return {
    roomID,
    startDate: '2026-12-01',
    endDate: '2027-11-30',
    deposit: 1_800_000,
    representative: {
      occupantName: `Người thuê ${serial}`,
      gender: index % 2,
      phoneNumber: `09${String(10_000_000 + index).slice(-8)}`,
      citizenID: `0793${String(10_000_000 + index).padStart(8, '0')}`,
    },
    occupants: [{ occupantName: `Bạn cùng phòng ${serial}`, gender: 1 }],
    vehicles: [
      { vehicleType: 'Xe máy', licensePlate: `59-X${index % 10} ${serial.slice(0, 3)}.${serial.slice(3)}` },
    ],
  };
}

const CONTRACTS_TO_CREATE = 1000;
const CREATE_IN_FLIGHT = 20;

async function contractBenchmark(bench: Bench): Promise<void> {
  const { base, headers, dir, children } = bench;
  const houses = (await (
    await fetch(`${base}/odata/House?$filter=startswith(houseName,'Ký túc xá')&$select=houseID,houseName`, {
      headers,
    })
  ).json()) as { value: Array<{ houseID: string; houseName: string }> };
  const roomIDs: string[] = [];
  for (const house of houses.value) {
    const rooms = (await (
      await fetch(`${base}/odata/Room?houseID=${house.houseID}&$select=roomID&$orderby=roomName`, { headers })
    ).json()) as { value: Array<{ roomID: string }> };
    roomIDs.push(...rooms.value.map((room) => room.roomID));
  }
  const bodies = roomIDs.slice(0, CONTRACTS_TO_CREATE).map((roomID, index) => contractBody(roomID, index));
  const api = await postAll(`${base}/odata/Contract`, headers, bodies, CREATE_IN_FLIGHT);
  const bare = await postAll(
    await bareWriteServer(api.firstReply, dir, children),
    {},
    bodies,
    CREATE_IN_FLIGHT,
  );
  const apiRate = (bodies.length - api.failures.length) / api.seconds;
  const bareRate = bodies.length / bare.seconds;
  console.log(
    `
Creating ${bodies.length} contracts (POST /odata/Contract, ${CREATE_IN_FLIGHT} in flight; each with 2 occupants, ` +
      `a vehicle and a tenant account): ${api.seconds.toFixed(2)} s, ${apiRate.toFixed(0)} contracts/s, ` +
      `${api.failures.length} failed${api.failures.length ? ` (first: ${api.failures[0]})` : ''}; ` +
      `bare Node, same requests: ${bareRate.toFixed(0)}/s. PDFs are rendered when first asked for, not here.`,
  );
  summary[`Create ${bodies.length} contracts (POST /odata/Contract, ${CREATE_IN_FLIGHT} in flight)`] = {
    'API req/s': Math.round(apiRate),
    'API errors': api.failures.length,
    'bare req/s': Math.round(bareRate),
    ratio: Number((apiRate / bareRate).toFixed(2)),
  };
  const bigHouse = houses.value.find((house) => house.houseName === 'Ký túc xá 500 phòng');
  const expand = 'room,renterRepresentative,lesseeInfors,vehicles,contractServices,lessorInfo';
  await compare(
    `Contracts of a 500-room house, first page of 50 with every expand (GET /odata/Contract?HouseID=…&$expand=${expand})`,
    `${base}/odata/Contract?HouseID=${bigHouse?.houseID ?? ''}&$top=50&$count=true&$expand=${expand}`,
    bench,
  );
}

async function bareServer(
  bytes: Buffer,
  dir: string,
  children: ChildProcess[],
): Promise<{ url: string; pid: number }> {
  const bodyFile = join(dir, `body-${randomUUID()}.json`);
  await writeFile(bodyFile, bytes);
  const port = await freePort();
  const bare = spawn(
    process.execPath,
    [
      '-e',
      `const body=require('fs').readFileSync(${JSON.stringify(bodyFile)});
       require('http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json','content-length':body.length});s.end(body)})
         .listen(${port},'127.0.0.1',()=>console.log('bare ready'))`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(bare);
  await waitForLine(bare, 'bare ready');
  return { url: `http://127.0.0.1:${port}/`, pid: bare.pid ?? 0 };
}

/** Peak resident memory of a process, from /proc (Linux). */
async function peakMemoryMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

/** The product under load: its address, the caller's headers, its pid; bare servers are started in `dir`. */
interface Bench {
  base: string;
  headers: Record<string, string>;
  dir: string;
  children: ChildProcess[];
  pid: number;
}

/** Bare Node throughputs seen in this run (every baseline), printed as the machine's range. */
const bareRange: number[] = [];

/**
 * The product against a bare Node server answering the same bytes. `fresh`: a new URL on each request
 * (appends what it returns to the URL), so the reply cache cannot answer; without it the same URL is asked
 * over and over and, on SQLite, answered from the reply cache: the row says which.
 */
async function compare(
  title: string,
  apiUrl: string,
  bench: Bench,
  fresh?: (n: number) => string,
): Promise<{ api: LoadFigures; baseline: LoadFigures }> {
  const sample = await fetch(apiUrl, { headers: bench.headers });
  const bytes = Buffer.from(await sample.arrayBuffer());
  // A reply is kept from its URL's second request (replyCache.ts), so the same URL is asked twice more.
  let again = await fetch(fresh ? `${apiUrl}${fresh(0)}` : apiUrl, { headers: bench.headers });
  await again.arrayBuffer();
  if (!fresh) {
    again = await fetch(apiUrl, { headers: bench.headers });
    await again.arrayBuffer();
  }
  const cache = again.headers.get('x-reply-cache') === 'hit' ? 'hits' : 'none';
  const bare = await bareServer(bytes, bench.dir, bench.children);
  const path = new URL(apiUrl);
  const api = await load(
    apiUrl,
    bench.pid,
    bench.headers,
    fresh ? (n) => `${path.pathname}${path.search}${fresh(n)}` : undefined,
  );
  const baseline = await load(bare.url, bare.pid);
  bareRange.push(baseline.requestsPerSecond);
  const label = `${title}${fresh ? ', new URL each request' : ', same URL (cache hits)'}`;
  console.log(`\n${label} — ${bytes.length} bytes, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`);
  console.table({ 'Nhà trọ API (SQLite)': api, 'bare Node http, same bytes': baseline });
  // A bare server of a large reply is held back by the load generator (its CPU is mostly idle), so the
  // throughput ratio alone can flatter the product: the CPU ratio is the work's.
  const cpuRatio = baseline.cpuMsPerRequest / api.cpuMsPerRequest;
  console.log(
    `API / bare: ${(api.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)} of the throughput, ` +
      `${cpuRatio.toFixed(3)} of the CPU time a request (bare ${baseline.cpuMsPerRequest} ms, API ` +
      `${api.cpuMsPerRequest} ms), p99 ${api.p99} ms vs ${baseline.p99} ms; reply cache: ${cache}`,
  );
  summary[label] = {
    'reply bytes': bytes.length,
    'reply cache': cache,
    'API req/s': Math.round(api.requestsPerSecond),
    'API p99 ms': api.p99,
    'API errors': api.errors,
    'API CPU ms/req': api.cpuMsPerRequest,
    'bare req/s': Math.round(baseline.requestsPerSecond),
    'bare p99 ms': baseline.p99,
    'bare CPU ms/req': baseline.cpuMsPerRequest,
    ratio: Number((api.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)),
    'CPU ratio': Number(cpuRatio.toFixed(2)),
  };
  return { api, baseline };
}

/**
 * The least work that gives the room page's reply (tests/bench/leanRoomPage.mjs: plain node:http and
 * node:sqlite, the product's own statements on the same file), under the same load as the product's row
 * just measured: how far below bare Node the work itself lies on this machine, whatever serves it.
 */
async function leastWorkRow(
  label: string,
  pageUrl: string,
  bench: Bench,
  fresh: (n: number) => string,
  measured: { api: LoadFigures; baseline: LoadFigures },
  mode: 'sqlite' | 'memory',
): Promise<void> {
  const port = await freePort();
  const floor = spawn(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      join(ROOT, 'tests/bench/leanRoomPage.mjs'),
      join(bench.dir, 'nhatro.sqlite'),
      join(bench.dir, 'jwt-secret'),
      String(port),
      mode,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  bench.children.push(floor);
  await waitForLine(floor, 'floor ready');
  const url = new URL(pageUrl);
  url.host = `127.0.0.1:${port}`;
  const sample = await fetch(`${url.href}${fresh(0)}`, { headers: bench.headers });
  const bytes = (await sample.arrayBuffer()).byteLength;
  if (sample.status !== 200) throw new Error(`least-work server answered ${sample.status}`);
  const least = await load(
    url.href,
    floor.pid ?? 0,
    bench.headers,
    (n) => `${url.pathname}${url.search}${fresh(n)}`,
  );
  floor.kill('SIGTERM');
  const { api, baseline } = measured;
  const how =
    mode === 'sqlite'
      ? 'node:http + node:sqlite, the same statements'
      : "node:http, the house's rooms kept parsed in memory";
  console.log(`\n${label}: the least work for the same reply (${how}), ${bytes} bytes`);
  console.table({ 'least work': least });
  console.log(
    `Least work / bare: ${(least.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)} of the throughput ` +
      `(bare ${Math.round(baseline.requestsPerSecond)} req/s in the product's row); the product does ` +
      `${(api.requestsPerSecond / least.requestsPerSecond).toFixed(2)} of the least work's throughput, ` +
      `${(least.cpuMsPerRequest / api.cpuMsPerRequest).toFixed(2)} of its CPU time a request`,
  );
  summary[`${label}: least work for the same reply (${how})`] = {
    'reply bytes': bytes,
    'reply cache': 'none',
    'API req/s': Math.round(least.requestsPerSecond),
    'API p99 ms': least.p99,
    'API errors': least.errors,
    'API CPU ms/req': least.cpuMsPerRequest,
    'bare req/s': Math.round(baseline.requestsPerSecond),
    'bare p99 ms': baseline.p99,
    'bare CPU ms/req': baseline.cpuMsPerRequest,
    ratio: Number((least.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)),
    'CPU ratio': Number((baseline.cpuMsPerRequest / least.cpuMsPerRequest).toFixed(2)),
  };
}

type SummaryRow = Record<string, number | string>;
const summary: Record<string, SummaryRow> = {};

async function importBenchmark(base: string, token: string, pid: number): Promise<void> {
  const Excel = (await import('exceljs')).default;
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('Phòng trống');
  sheet.addRow([
    'Tên phòng',
    'Diện tích (m²)',
    'Tầng',
    'Giá thuê',
    'Chỉ số điện đầu',
    'Chỉ số nước đầu',
    'Mô tả',
  ]);
  for (let i = 1; i <= 5000; i += 1) {
    sheet.addRow([
      `N${String(i).padStart(4, '0')}`,
      18,
      Math.ceil(i / 100),
      2_500_000,
      100,
      10,
      'Phòng nhập từ Excel',
    ]);
  }
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const created = await fetch(`${base}/odata/House`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ houseName: 'Nhà nhập 5000 phòng', houseAddress: 'TP. Thủ Đức' }),
  });
  const { houseID } = (await created.json()) as { houseID: string };
  const form = new FormData();
  form.set('houseID', houseID);
  form.set('file', new Blob([file]), 'phong.xlsx');
  const before = await peakMemoryMiB(pid);
  const started = performance.now();
  const reply = await fetch(`${base}/ExcelImport/ImportEmptyRooms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const seconds = (performance.now() - started) / 1000;
  const body = await reply.text();
  console.log(
    `\nImport of 5,000 rooms (${(file.length / 1024).toFixed(0)} KB .xlsx): HTTP ${reply.status} ${body.slice(0, 60)} in ` +
      `${seconds.toFixed(2)} s; server peak RSS ${before} MiB before → ${await peakMemoryMiB(pid)} MiB after`,
  );
}

async function houseBenchmark(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'nhatro-bench-')));
  const children: ChildProcess[] = [];
  const needsLandlord = runs('import') || runs('lists') || runs('contracts');
  try {
    if (!process.env.BENCH_SKIP_SEED && needsLandlord) await seedBenchLandlord(dataDir);
    const ipnData = runs('ipn') ? await seedIpnBench(dataDir) : undefined;
    const dashboardData = runs('dashboard') ? await seedDashboardBench(dataDir) : undefined;
    const port = await freePort();
    const productArgs = process.env.BENCH_PRODUCT_ARGS?.split(' ').filter(Boolean) ?? [];
    const product = spawn(
      process.execPath,
      [...productArgs, '--disable-warning=ExperimentalWarning', join(ROOT, 'api/dist/local/start.js')],
      {
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PAYMENT_SANDBOX_PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(product);
    if (process.env.BENCH_PRODUCT_LOG) {
      const log = createWriteStream(process.env.BENCH_PRODUCT_LOG);
      product.stdout.pipe(log);
      product.stderr.pipe(log);
    }
    await waitForLine(product, 'Nhấn Ctrl+C');
    const base = `http://127.0.0.1:${port}`;
    const pid = product.pid ?? 0;
    if (needsLandlord) {
      const login = await fetch(`${base}/api/User/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bench', password: 'Bench@123456' }),
      });
      const { token } = (await login.json()) as { token: { accessToken: string } };
      const headers = { authorization: `Bearer ${token.accessToken}` };
      const bench: Bench = { base, headers, dir: dataDir, children, pid };
      // First, while the server's memory high-water mark is still its start-up figure.
      if (runs('import')) await importBenchmark(base, token.accessToken, pid);
      if (runs('lists')) await listBenchmarks(bench);
      if (runs('contracts')) await contractBenchmark(bench);
    }
    if (ipnData) {
      Object.assign(
        summary,
        await ipnBenchmark(
          base,
          dataDir,
          ipnData,
          async (bytes) => (await bareServer(bytes, dataDir, children)).url,
          () => cpuMs(pid),
          DURATION_SECONDS,
        ),
      );
    }
    if (dashboardData) {
      await dashboardReportBenchmark(base, dataDir, dashboardData, async (title, url, headers) => {
        await compare(title, url, { base, headers, dir: dataDir, children, pid });
      });
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (!process.env.BENCH_DATA_DIR) await rm(dataDir, { recursive: true, force: true });
  }
}

/** A `$filter` condition that excludes nothing, different for each `n`: a new URL, the same reply. */
const excludesNothing = (field: string) => (n: number) => encodeURI(` and ${field} ne '~${n}'`);

async function listBenchmarks(bench: Bench): Promise<void> {
  const { base, headers } = bench;
  const path = `/odata/House?$expand=rooms&$filter=startswith(houseName,'Nhà trọ số')`;
  const title = `Houses with rooms, 10 × 100: GET ${path}`;
  await compare(title, `${base}${path}`, bench, excludesNothing('houseName'));
  await compare(title, `${base}${path}`, bench);
  const big = (await (
    await fetch(`${base}/odata/House?$filter=houseName eq 'Ký túc xá 500 phòng'&$select=houseID`, {
      headers,
    })
  ).json()) as { value: Array<{ houseID: string }> };
  const bigHouseID = big.value[0]?.houseID ?? '';
  const page = 'Room list, 500-room house, first page of 50 (GET /odata/Room?houseID=…&$top=50&$count=true)';
  const pageUrl = `${base}/odata/Room?houseID=${bigHouseID}&$top=50&$count=true&$filter=floor ge 0`;
  const pageFresh = excludesNothing('roomName');
  const measured = await compare(page, pageUrl, bench, pageFresh);
  await leastWorkRow(`${page}, new URL each request`, pageUrl, bench, pageFresh, measured, 'sqlite');
  await leastWorkRow(`${page}, new URL each request`, pageUrl, bench, pageFresh, measured, 'memory');
  // The same page without `$count`: the share of the work that is testing every room against the filter.
  await compare(
    'Room list, 500-room house, first page of 50 without $count (GET /odata/Room?houseID=…&$top=50)',
    `${base}/odata/Room?houseID=${bigHouseID}&$top=50&$filter=floor ge 0`,
    bench,
    excludesNothing('roomName'),
  );
  await compare(page, pageUrl, bench);
  await compare(
    'Room list, 500-room house, whole house (GET /odata/Room?houseID=…)',
    `${base}/odata/Room?houseID=${bigHouseID}`,
    bench,
  );
}

/** Median time, in fresh processes, of running `load` (module code whose last expression is awaited). */
function loadTime(load: string, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const result = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t=performance.now(); await ${load}; console.log(performance.now()-t)`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    times.push(Number(result.stdout.trim().split('\n').pop()));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const COLD_START_RUNS = 9;

function importTime(specifier: string): number {
  return loadTime(`import(${JSON.stringify(specifier)})`, 3);
}

function coldStartBenchmark(): void {
  // Every module of api/dist/functions, as Azure loads them through `main` (the loader the local host uses).
  const loader = pathToFileURL(join(ROOT, 'api/dist/local/functionModules.js')).href;
  const total = loadTime(
    `import(${JSON.stringify(loader)}).then((m) => m.loadFunctionModules())`,
    COLD_START_RUNS,
  );
  const dependencies = [
    '@azure/functions',
    '@azure/storage-blob',
    '@azure/identity',
    '@azure/cosmos',
    'jose',
    'zod',
    '@odata/parser',
    'exceljs',
  ];
  // What Azure loads: the deployment package's bundle (`npm run package:api`), every function registered.
  const packaged = spawnSync(process.execPath, [join(ROOT, 'scripts/package-api.mjs')], { cwd: ROOT });
  if (packaged.status !== 0) throw new Error(`package:api failed: ${packaged.stderr.toString()}`);
  const bundle = pathToFileURL(join(ROOT, '.azure-package/api/main.js')).href;
  const bundled = loadTime(`import(${JSON.stringify(bundle)})`, COLD_START_RUNS);
  console.log(
    `\nCold start: importing every function module takes ${total.toFixed(0)} ms from api/dist (the local host), ` +
      `${bundled.toFixed(0)} ms from the deployment package's bundle (what Azure loads); medians of ${COLD_START_RUNS} fresh processes`,
  );
  summary['Cold start: importing every function module'] = { 'import ms (median)': Math.round(total) };
  summary['Cold start: the deployment package (esbuild bundle, every function)'] = {
    'import ms (median)': Math.round(bundled),
  };
  const rows: Record<string, { 'import ms (alone)': number }> = {};
  for (const dependency of dependencies) {
    rows[dependency] = { 'import ms (alone)': Math.round(importTime(dependency)) };
  }
  rows['node -e "" baseline'] = { 'import ms (alone)': Math.round(importTime('node:path')) };
  console.table(rows);
}

if (runs('cold')) coldStartBenchmark();
await houseBenchmark();
if (runs('billing')) {
  // Billing (issue 10): drafting and issuing 10,000 bills, beside plain node:sqlite doing the same writes.
  const billing = await billingBenchmark();
  console.log('\nBilling: draft and issue every house of a month (use cases, no HTTP), fresh processes');
  console.table(billing);
}
if (runs('cosmos')) Object.assign(summary, await cosmosBenchmark());
console.log(
  `\nSummary (${CONNECTIONS} connections, ${DURATION_SECONDS} s per run, bare Node in the same run):`,
);
console.table(summary);
if (bareRange.length > 0) {
  const sorted = [...bareRange].sort((a, b) => a - b);
  console.log(
    `Bare Node http on this machine in this run: ${Math.round(sorted[0] ?? 0)}–${Math.round(sorted.at(-1) ?? 0)} req/s ` +
      `across the baselines (larger replies are slower); load average ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`,
  );
}
