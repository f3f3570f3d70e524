// negotiator 0.6.4, the version compression() uses: its encoding() takes the server's preferred
// encodings too (for ties in the client's q-values), which @types/negotiator does not know of.
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";

  export default class Negotiator {
    constructor(request: IncomingMessage);
    encoding(available: string[], preferred?: string[]): string | undefined;
  }
}
