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

/** POST a JSON body, answer as fetchJson. For questions too large or too private for a query string. */
export async function postJson<T>(url: string, body: unknown, options: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: options.signal ?? null,
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      answer && typeof answer === "object" && "message" in answer
        ? String(answer.message)
        : `Request failed (${response.status}).`;
    throw new Error(message);
  }
  return answer as T;
}
