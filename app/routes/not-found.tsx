import { data } from "react-router";
import { NotFoundContent } from "~/ui/layout/not-found-content";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundContent />;
}
