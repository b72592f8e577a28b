// The browser's one fetch helper: JSON in, the API's error shape ({ message }) turned into an Error.
export async function fetchJson<T>(url: string, options: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" }, signal: options.signal ?? null });
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
