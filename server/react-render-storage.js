// Keeps Node's async_hooks off for React's server renderer (issue #22). Imported first by
// server/start.js, before React is loaded. Plain JavaScript, as start.js is.
import asyncHooks from "node:async_hooks";
import Module from "node:module";

/*
 * React's Node renderer (react-dom/server.node) keeps the render under way in an AsyncLocalStorage.
 * On Node 20 the first use of any AsyncLocalStorage turns on async_hooks' promise hooks for the whole
 * process, for good: from the first page rendered on, every promise of every request (Prisma's, pg's,
 * React Router's, an /api call's) went through them: 12–16 % of the app's CPU for /api/auth/me,
 * /api/orders and signed-in / (decision 0037; the figures are in bench/README.md).
 *
 * React reads that storage only when ReactDOM's preload/preinit/prefetchDNS/preconnect functions are
 * called outside its own synchronous work, i.e. after an await inside a render; during its work it
 * knows the request without it. This app calls none of them. So the renderer gets a storage that holds
 * the request for the synchronous call only, which is every use React makes of it itself.
 */
class SynchronousStorage {
  #store = undefined;

  getStore() {
    return this.#store;
  }

  run(store, callback, ...args) {
    const outer = this.#store;
    this.#store = store;
    try {
      return callback(...args);
    } finally {
      this.#store = outer;
    }
  }
}

/** React's server renderer files: react-dom/cjs/react-dom-server.node.{production,development}.js. */
const reactServerRenderer = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.(production|development)\.js$/;
const asyncHooksForReact = Object.freeze({ ...asyncHooks, AsyncLocalStorage: SynchronousStorage });

const requireModule = Module.prototype.require;
Module.prototype.require = function requireWithReactStorage(id) {
  if ((id === "async_hooks" || id === "node:async_hooks") && reactServerRenderer.test(this.filename)) return asyncHooksForReact;
  return requireModule.apply(this, arguments);
};
