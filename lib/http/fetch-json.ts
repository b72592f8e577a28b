// The browser's one fetch helper: JSON in (a GET, or a POST of `json`), the API's error shape ({ message }) turned
// into an Error.
export async function fetchJson<T>(url: string, options: { signal?: AbortSignal; json?: unknown } = {}): Promise<T> {
  const response = await fetch(url, {
    signal: options.signal ?? null,
    ...(options.json === undefined
      ? { headers: { accept: "application/json" } }
      : {
          method: "POST",
          headers: { accept: "application/json", "content-type": "application/json" },
          body: JSON.stringify(options.json),
        }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      body && typeof body === "object" && "message" in body
        ? String(body.message)
        : `Request failed (${response.status}).`;
    throw new Error(message);
  }
  return body as T;
}
