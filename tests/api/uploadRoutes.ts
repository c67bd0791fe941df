import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as common from '@nhatro/common';
import { httpFunctions } from '../../api/src/http/registry.js';

/**
 * Which routes take a file, read from the code rather than listed by hand, so that a route added
 * tomorrow is found: a route whose handler reads a multipart form, or whose payload schema (from
 * `@nhatro/common`) has a field that names a file (a blob name, an image or images, papers, a signature). The
 * handler is the endpoint's declaration in `api/src/functions/*.ts` and the module's own functions it
 * calls.
 */

/** Fields of a payload that carry or name a file. */
const FILE_FIELD = /^(blobName|image|images|papers|signature|imageBlobName|[A-Za-z]+Image)$/;

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}

function isZod(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function namesFile(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!isZod(schema) || seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def;
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, unknown>).some(
      ([key, value]) => FILE_FIELD.test(key) || namesFile(value, seen),
    );
  }
  const inner = [def.innerType, def.element, def.in, def.out, def.left, def.right, def.schema];
  const options = Array.isArray(def.options) ? def.options : [];
  return [...inner, ...options].some((child) => namesFile(child, seen));
}

/** Payload schemas of `@nhatro/common` with a file field, by export name. */
function fileSchemas(): string[] {
  return Object.entries(common)
    .filter(([name, value]) => name.endsWith('Schema') && namesFile(value))
    .map(([name]) => name);
}

const FUNCTIONS_DIR = join(import.meta.dirname, '../../api/src/functions');
const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT']);

/** The top-level functions of a module (name → text up to the next top-level closing brace). */
function localFunctions(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(/^(?:export )?(?:async )?function (\w+)\(/gm)) {
    const end = source.indexOf('\n}\n', match.index);
    found.set(match[1] as string, source.slice(match.index, end === -1 ? undefined : end));
  }
  return found;
}

/** `METHOD route` of every route that takes a file. */
export function fileTakingRoutes(): string[] {
  const schemas = fileSchemas();
  const marks = (text: string) =>
    text.includes('readMultipart(') || schemas.some((name) => new RegExp(`\\b${name}\\b`).test(text));
  const routes: string[] = [];
  for (const file of readdirSync(FUNCTIONS_DIR).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(FUNCTIONS_DIR, file), 'utf8');
    const marked = [...localFunctions(source)].filter(([, body]) => marks(body)).map(([name]) => name);
    const takesFile = (text: string) =>
      marks(text) || marked.some((name) => new RegExp(`\\b${name}\\(`).test(text));
    const starts = [...source.matchAll(/define(Endpoint|PublicEndpoint|ODataEntity)\(\{/g)];
    starts.forEach((start, index) => {
      const block = source.slice(start.index, starts[index + 1]?.index);
      if (start[1] === 'ODataEntity') {
        const set = /entitySet: '([^']+)'/.exec(block)?.[1];
        const create = /\bcreate: \{[^}]*\}/.exec(block)?.[0] ?? '';
        const update = /\bupdate: \{[^}]*\}/.exec(block)?.[0] ?? '';
        if (takesFile(create)) routes.push(`POST odata/${set}`);
        if (takesFile(update)) routes.push(`PATCH odata/${set}`, `PATCH odata/${set}/{id}`);
        return;
      }
      if (!takesFile(block)) return;
      const name = /name: '([^']+)'/.exec(block)?.[1];
      const definition = httpFunctions.find((candidate) => candidate.name === name);
      if (!definition) throw new Error(`${file}: no registered function named ${name}`);
      for (const method of definition.methods) {
        if (BODY_METHODS.has(method)) routes.push(`${method} ${definition.route}`);
      }
    });
  }
  return [...new Set(routes)].sort();
}
