// docs/product.md §7 data client: every call sends cookies, bodies are JSON (with a JSON content type only
// when there is a body), answers are parsed as JSON, and a non-OK answer becomes an Error whose
// message is '{status}: {body text or status text}'.

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The body text, or the status text when the body was empty. */
    readonly detail: string,
  ) {
    super(`${status}: ${detail}`);
    this.name = "ApiError";
  }
}

/**
 * The server's own sentence for a refused call (its answers are `{ "error": "…" }`), for showing
 * to the player instead of the product's '{status}: {body}' form; null when the answer carries none.
 */
export function serverErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const parsed = JSON.parse(error.detail) as { error?: unknown };
    return typeof parsed?.error === "string" && parsed.error !== "" ? parsed.error : null;
  } catch {
    return null;
  }
}

/** Sends one request and returns the parsed JSON answer (null for an empty body). */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text || response.statusText);
  return (text === "" ? null : JSON.parse(text)) as T;
}
