// One name per slice in every layer (docs/adding-a-slice.md, "Slice names"): an endpoint module
// api/src/functions/<slice>.ts has its schemas in common/src/<slice>.ts and its screens in
// web/src/features/<slice>/, whose API hooks are <slice>Api.ts; use cases and rules are
// api/src/useCases/<slice>[.ts|/] and api/src/domain/<slice>[.ts|/], and whatever is shared by several
// slices lives in a `shared/` folder. Deliberate exceptions are listed here, each with its reason.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** Entries of a folder as slice names: `rooms.ts` → rooms, `houseTickets/` → houseTickets. */
function names(folder: string, { files = true, folders = true } = {}): string[] {
  return readdirSync(join(ROOT, folder))
    .filter((entry) => {
      const isFolder = statSync(join(ROOT, folder, entry)).isDirectory();
      return isFolder ? folders : files && /\.tsx?$/.test(entry);
    })
    .map((entry) => entry.replace(/\.tsx?$/, ''))
    .sort();
}

const SLICES = names('api/src/functions', { folders: false });

/** Endpoint modules without a schema module of their own in common/src, and why. */
const NO_SCHEMAS: Record<string, string> = {
  accountExpiry: 'a timer: reminds landlords before their paid term ends; no payload',
  blobAccess: 'upload grants (SAS) for the areas of other slices; its area names are in blobNames',
  contractDocuments: "the contract's PDF and paper versions: shapes of the contracts slice",
  contractServices: 'the services ticked on a contract: shapes of the contracts slice',
  guestContracts: "the guest link's reads and signing: shapes of the contracts slice",
  maintenance: 'a timer: the nightly sweep; no payload',
  metadata: 'the OData $metadata document, built from the other slices’ entity schemas',
  outbox: 'a timer: delivers the outbox; message shapes are the domain’s',
  reminders: 'a timer: daily reminders; no payload',
  roomImport: 'an Excel upload; its row rules are the rooms slice’s schemas',
};

/** Endpoint modules whose screens live in another feature folder (or none), and why. */
const NO_FEATURE: Record<string, string> = {
  accountExpiry: 'a timer; the expiry banner is part of features/platformRequests (the paid term)',
  billingDay: 'set on the fees page (features/fees) and the platform settings (features/platformPricing)',
  health: 'no page: the environment badge is part of the signed-in frame (app/shell/EnvironmentBadge)',
  blobAccess: 'no screen: lib/api/imageUpload uploads with its grants',
  contractDocuments: 'the contract document page belongs to features/contracts',
  contractServices: 'edited on the contract pages (features/contracts, features/lessees)',
  houses: 'the house list, switcher and "Thêm nhà trọ" are app/houseChooser: every page depends on them',
  lesseeSheets: 'the lessee import dialog and the police list are part of features/lessees',
  maintenance: 'a timer; no screen',
  metadata: 'no screen',
  oneTimeCharges: 'a charge and a monthly bill share one page kit: features/monthlyBills',
  outbox: 'a timer; the local outbox page is the local host’s',
  reminders: 'a timer; no screen',
  reservations: 'the reserve and cancel dialogs open from rooms and contracts: components/reservations',
  roomImport: 'the room import dialog is part of features/rooms',
  vehicles: 'vehicles are added and listed with the people of a room (features/lessees)',
  verification: 'codes are typed on the registration pages (features/registrations)',
};

/** Schema modules in common/src that are not a slice, and why. */
const COMMON_HELPERS: Record<string, string> = {
  index: 'the package entry (export * of every module)',
  messages: 'messages every slice shows (spec §8)',
  roles: 'roles and permission levels (spec §6)',
  fields: 'field builders of every schema',
  numbers: 'how people type numbers',
  validation: 'shared validation helpers',
  unicodeText: 'composed text and look-alike letters',
  passwords: 'password rules (auth, staff, password recovery)',
  citizenIdQr: 'the CCCD QR reader, used by lessees and contracts',
  vietQr: 'the VietQR payload of bills and charges',
  settlements: 'the money of a contract’s end (contracts) and its liquidation document',
  vietQrBanks: 'the NAPAS VietQR bank list (data, with its source and date)',
  guestBills: 'what a guest bill link shows (functions/guestBills)',
};

/** Feature folders that are not an endpoint module, and why. */
const FEATURE_EXTRAS: Record<string, string> = {
  publicSite: 'the public pages (home, business, FAQ, terms, privacy): no endpoint of their own',
};

describe('slice names', () => {
  it('every endpoint module has a same-named schema module in common/src (or a listed reason)', () => {
    const common = new Set(names('common/src'));
    const missing = SLICES.filter((slice) => !common.has(slice) && !(slice in NO_SCHEMAS));
    expect(missing).toEqual([]);
  });

  it('every endpoint module has a same-named web feature (or a listed reason)', () => {
    const features = new Set(names('web/src/features', { files: false }));
    const missing = SLICES.filter((slice) => !features.has(slice) && !(slice in NO_FEATURE));
    expect(missing).toEqual([]);
  });

  it('every schema module and web feature is a slice or a listed helper', () => {
    const slices = new Set(SLICES);
    expect(names('common/src').filter((name) => !slices.has(name) && !(name in COMMON_HELPERS))).toEqual([]);
    expect(
      names('web/src/features', { files: false }).filter(
        (name) => !slices.has(name) && !(name in FEATURE_EXTRAS),
      ),
    ).toEqual([]);
  });

  it("a feature's API hooks are named after it: features/<slice>/<slice>Api.ts", () => {
    const misnamed = names('web/src/features', { files: false }).flatMap((feature) =>
      readdirSync(join(ROOT, 'web/src/features', feature))
        .filter((file) => /Api\.tsx?$/.test(file) && file.replace(/\.tsx?$/, '') !== `${feature}Api`)
        .map((file) => `${feature}/${file}`),
    );
    expect(misnamed).toEqual([]);
  });

  it('use cases and domain rules are named after a slice, or live in shared/', () => {
    const slices = new Set([...SLICES, 'shared']);
    const useCases = names('api/src/useCases').filter((name) => !slices.has(name));
    const domain = names('api/src/domain').filter((name) => !slices.has(name));
    expect({ useCases, domain }).toEqual({ useCases: [], domain: [] });
  });

  it('lists no exception that is no longer needed', () => {
    const common = new Set(names('common/src'));
    const features = new Set(names('web/src/features', { files: false }));
    expect(Object.keys(NO_SCHEMAS).filter((slice) => common.has(slice) || !SLICES.includes(slice))).toEqual(
      [],
    );
    expect(Object.keys(NO_FEATURE).filter((slice) => features.has(slice) || !SLICES.includes(slice))).toEqual(
      [],
    );
  });
});
