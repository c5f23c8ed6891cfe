import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { routes } from "@/app/routes";
import "./lazy-modules";

/** Renders the real route table at `path`, as the app does in the browser. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  return { router, user, ...render(<RouterProvider router={router} />) };
}
