// mime-types 3, the version Express uses to complete a Content-Type with its charset (res.set);
// server/api-calls.ts does the same for the answers it sends before Express.
declare module "mime-types" {
  export function contentType(type: string): string | false;
}
