// mime-types 3, the version Express uses to complete a Content-Type with its charset (res.set).
declare module "mime-types" {
  export function contentType(type: string): string | false;
}
