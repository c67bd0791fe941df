import type { HttpFunctionDefinition } from '../http/registry.js';

/**
 * The local host's router: the Functions route templates (`odata/Room/{id}`, constraints, optional and
 * catch-all segments) compiled, and a request's path matched to the most specific route, as Azure does.
 */

interface CompiledRoute {
  definition: HttpFunctionDefinition;
  pattern: RegExp;
  names: string[];
  precedence: number[];
  /** The first two segments when they are literal, lower-cased; `undefined` for a parameter or none. */
  leading: [string | undefined, string | undefined];
}

/** `{name}`, `{name?}`, `{name:int}`, `{name:int?}`, `{name:minlength(3)}`, `{*rest}`: 1 catch-all, 2 name, 3 constraints, 4 optional. */
const SEGMENT = /^\{(\*?)([A-Za-z_][A-Za-z0-9_]*)((?::[a-z]+(?:\([^)]*\))?)*)(\?)?\}$/;
/**
 * What a constrained parameter accepts, for the constraints whose rank (below) would otherwise let
 * `{id:int}` take a value meant for `{name}`; other constraints are ranked but not enforced here.
 */
const CONSTRAINTS: Record<string, string> = {
  int: '-?[0-9]+',
  long: '-?[0-9]+',
  bool: 'true|false',
  alpha: '[A-Za-z]+',
  guid: '[0-9A-Fa-f]{8}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{12}',
};
function constraintPattern(constraints: string): string {
  const known = constraints
    .split(':')
    .filter((name) => Object.hasOwn(CONSTRAINTS, name))
    .map((name) => CONSTRAINTS[name] as string);
  return known.length ? known.map((pattern) => `(?=(?:${pattern})(?:/|$))`).join('') + '[^/]+' : '[^/]+';
}

/** `odata/House/{id}` → a case-insensitive matcher with named parameters, as the Functions host routes. */
export function compileRoute(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const body = template
    .split('/')
    .map((segment) => {
      const match = SEGMENT.exec(segment);
      if (!match) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      names.push(match[2] as string);
      if (match[1]) return '(?:/(.*))?';
      const value = constraintPattern(match[3] ?? '');
      return match[4] ? `(?:/(${value}))?` : `/(${value})`;
    })
    .join('');
  return { pattern: new RegExp(`^${body}/?$`, 'i'), names };
}

/**
 * One digit per segment, lower is tried first — ASP.NET Core's inbound route precedence
 * (Microsoft.AspNetCore.Routing RoutePrecedence.ComputeInbound; "URL matching" in the ASP.NET Core
 * routing docs: a more specific template is tried before a less specific one, whatever the order
 * the routes were added): 1 literal, 2 constrained parameter (`{id:int}`), 3 parameter (`{id}`,
 * also `{id?}`: ASP.NET gives optional parameters no rank of their own), 4 constrained catch-all,
 * 5 catch-all (`{*rest}`). Templates compare digit by digit from the left, as ASP.NET compares its
 * decimals 1.13 < 1.3 (a missing digit counts as 0, so `a/b` comes before `a/b/{id?}`).
 */
export function routePrecedence(template: string): number[] {
  return template.split('/').map((segment) => {
    const match = SEGMENT.exec(segment);
    if (!match) return 1;
    const constrained = Boolean(match[3]);
    if (match[1]) return constrained ? 4 : 5;
    return constrained ? 2 : 3;
  });
}

function leadingLiterals(template: string): [string | undefined, string | undefined] {
  const [first, second] = template
    .split('/')
    .map((segment) => (SEGMENT.test(segment) ? undefined : segment.toLowerCase()));
  return [first, second];
}

function comparePrecedence(a: number[], b: number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export type RouteMatch =
  | { kind: 'found'; definition: HttpFunctionDefinition; params: Record<string, string> }
  | { kind: 'methodNotAllowed'; allow: string[] }
  | { kind: 'notFound' };
/**
 * The HTTP functions in the order routing tries them: by precedence, ties in registration order
 * (Array.prototype.sort is stable). A request goes to the first route whose template and method
 * match; if templates match but no method does, it is a 405 listing every matching route's methods.
 */
export function createRouter(definitions: readonly HttpFunctionDefinition[]) {
  const routes: CompiledRoute[] = definitions
    .map((definition) => ({
      definition,
      ...compileRoute(definition.route),
      precedence: routePrecedence(definition.route),
      leading: leadingLiterals(definition.route),
    }))
    .sort((a, b) => comparePrecedence(a.precedence, b.precedence));

  // The routes a path can match, in the same order, found by its first two segments: a literal
  // segment matches only itself (ignoring ASCII case, as the patterns do), so most routes are never
  // tried. Kept per pair of segments; cleared when unknown paths have filled it.
  const candidates = new Map<string, CompiledRoute[]>();
  function candidatesFor(path: string): CompiledRoute[] {
    const [, first = '', second] = path.toLowerCase().split('/', 3);
    const key = second === undefined ? first : `${first}/${second}`;
    let found = candidates.get(key);
    if (!found) {
      found = routes.filter(
        ({ leading: [one, two] }) =>
          (one === undefined || one === first) && (two === undefined || two === second),
      );
      if (candidates.size >= 1000) candidates.clear();
      candidates.set(key, found);
    }
    return found;
  }

  return {
    /** Route templates in the order they are tried. */
    order: routes.map((route) => route.definition),
    match(method: string, path: string): RouteMatch {
      const allowed = new Set<string>();
      for (const route of candidatesFor(path)) {
        const found = route.pattern.exec(path);
        if (!found) continue;
        route.definition.methods.forEach((allowedMethod) => allowed.add(allowedMethod));
        if (!route.definition.methods.includes(method.toUpperCase() as never)) continue;
        const params: Record<string, string> = {};
        route.names.forEach((name, index) => {
          const value = found[index + 1];
          if (value !== undefined) params[name] = decodeURIComponent(value);
        });
        return { kind: 'found', definition: route.definition, params };
      }
      return allowed.size > 0 ? { kind: 'methodNotAllowed', allow: [...allowed] } : { kind: 'notFound' };
    },
  };
}
