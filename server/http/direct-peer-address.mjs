// Loaded into the Next server process by `npm start` when TRUSTED_PROXY_HOPS=direct
// (NODE_OPTIONS=--import=…): clients reach this server straight, with no proxy to
// record their address, and Next only fills X-Forwarded-For when the client did not
// send one. Here every request's X-Forwarded-For is replaced by the connection's own
// peer address before Next sees it, so a client cannot choose the address its
// per-address budgets are counted under (second audit, L9). Plain JavaScript: it
// is loaded by node itself, before any TypeScript tooling.
import http from "node:http";

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitWithPeerAddress(event, ...args) {
  if (event === "request") {
    const [request] = args;
    request.headers["x-forwarded-for"] = request.socket?.remoteAddress ?? "unknown";
  }
  return emit.call(this, event, ...args);
};
