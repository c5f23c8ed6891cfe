import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation, type Location } from "react-router-dom";
import { AppRoutes } from "@/app/routes";
import "./lazy-modules";

/** Renders the real route table at `path`, as the app does in the browser; `router.state.location` is where it is now. */
export function renderRoute(path: string) {
  const router = { state: { location: undefined as unknown as Location } };
  function LocationProbe() {
    router.state.location = useLocation();
    return null;
  }
  const user = userEvent.setup();
  return {
    router,
    user,
    ...render(
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>,
    ),
  };
}
