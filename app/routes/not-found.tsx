import { data } from "react-router";

export const loader = () => data(null, { status: 404 });
export const action = () => data(null, { status: 404 });

export function meta() {
  return [{ title: "404 Page Not Found | Social Media Boost" }];
}

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
    </main>
  );
}
