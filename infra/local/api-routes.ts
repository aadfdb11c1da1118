import { apiFunctions, documentRoutes } from '../routes.js';

/**
 * Matches request paths against the routes of infra/routes.ts as API Gateway does:
 * a trailing slash is optional, `{param}` segments match one non-empty segment and are
 * percent-decoded.
 */
export interface LocalRoute {
  id: string;
  method: string;
  /** The route's resource path with placeholders (`requestContext.resourcePath`). */
  resource: string;
  authorized: boolean;
  segments: string[];
  /** A static document (no function): the file, relative to the project root, and its type. */
  document?: { file: string; contentType: string };
}

export type RouteMatch =
  | { kind: 'found'; route: LocalRoute; pathParameters: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

export const localRoutes: LocalRoute[] = apiFunctions.map((fn) => ({
  id: fn.id,
  method: fn.route.method,
  resource: fn.route.path,
  authorized: fn.route.authorized,
  segments: fn.route.path.split('/').slice(1),
}));

export const localDocumentRoutes: LocalRoute[] = documentRoutes.map((doc) => ({
  id: doc.id,
  method: doc.route.method,
  resource: doc.route.path,
  authorized: doc.route.authorized,
  segments: doc.route.path.split('/').slice(1),
  document: { file: doc.file, contentType: doc.contentType },
}));

function matchSegments(route: LocalRoute, segments: string[]): Record<string, string> | undefined {
  if (route.segments.length !== segments.length) return undefined;
  const parameters: Record<string, string> = {};
  for (const [index, expected] of route.segments.entries()) {
    const actual = segments[index] as string;
    const placeholder = /^\{(\w+)\}$/.exec(expected);
    if (placeholder?.[1]) {
      if (actual === '') return undefined;
      try {
        parameters[placeholder[1]] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (actual !== expected) {
      return undefined;
    }
  }
  return parameters;
}

export function matchRoute(
  method: string,
  path: string,
  routes: readonly LocalRoute[] = [...localRoutes, ...localDocumentRoutes],
): RouteMatch {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const segments = trimmed.split('/').slice(1);
  const allowed: string[] = [];
  for (const route of routes) {
    const parameters = matchSegments(route, segments);
    if (!parameters) continue;
    if (route.method === method) return { kind: 'found', route, pathParameters: parameters };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: 'method_not_allowed', allowed } : { kind: 'not_found' };
}
