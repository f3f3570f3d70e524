import { data } from "react-router";
import { NotFoundContent } from "~/components/not-found";

export const loader = () => data(null, { status: 404 });
export const action = () => data(null, { status: 404 });

export function meta() {
  return [{ title: "404 Page Not Found | Social Media Boost" }];
}

export default function NotFound() {
  return <NotFoundContent />;
}
