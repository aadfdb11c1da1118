import { apiFunctions, documentRoutes } from '../routes.js';
import { resourceParameters } from './proxy-event.js';

/**
 * Matches request paths against the routes of infra/routes.ts as API Gateway (REST) does: a
 * trailing slash is optional, `{param}` segments match one non-empty segment and are handed
 * over as sent (still percent-encoded). A path no resource has and a method a resource does
 * not define are the same answer in API Gateway (its "missing authentication token"), so
 * they are one outcome here too.
 */
export interface LocalRoute {
  id: string;
  method: string;
  /** The route's resource path with placeholders (`resource`, `requestContext.resourcePath`). */
  resource: string;
  authorized: boolean;
  /** A static document (no function): the file, relative to the project root, and its type. */
  document?: { file: string; contentType: string };
}

export type RouteMatch = { kind: 'found'; route: LocalRoute } | { kind: 'not_found' };

export const localRoutes: LocalRoute[] = apiFunctions.map((fn) => ({
  id: fn.id,
  method: fn.route.method,
  resource: fn.route.path,
  authorized: fn.route.authorized,
}));

export const localDocumentRoutes: LocalRoute[] = documentRoutes.map((doc) => ({
  id: doc.id,
  method: doc.route.method,
  resource: doc.route.path,
  authorized: doc.route.authorized,
  document: { file: doc.file, contentType: doc.contentType },
}));

export function matchRoute(
  method: string,
  path: string,
  routes: readonly LocalRoute[] = [...localRoutes, ...localDocumentRoutes],
): RouteMatch {
  const route = routes.find(
    (candidate) => candidate.method === method && resourceParameters(candidate.resource, path),
  );
  return route ? { kind: 'found', route } : { kind: 'not_found' };
}
