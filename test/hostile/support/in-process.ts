/**
 * The fault tests call handler modules directly (see test/support/in-process.ts): they mock
 * SDK clients in this process, which requests sent over HTTP to the shared runtime never reach.
 */
export {
  type InvokeResult,
  invoke,
  type ProxyHandler,
  type ProxyRequest,
  proxyEvent,
} from '../../support/in-process.js';
