// The service's API as the page calls it: the key from this tab's sessionStorage as a bearer token, problems as errors.

const KEY = "agent-lessons.api-key";

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail ?? `HTTP ${status}`);
    this.status = status;
    this.code = problem?.code ?? null;
  }
}

export const apiKey = {
  get: () => sessionStorage.getItem(KEY),
  set: (key) => sessionStorage.setItem(KEY, key),
  clear: () => sessionStorage.removeItem(KEY),
};

/** Request headers: the key travels only here, never in a URL. */
export function authHeaders(extra = {}) {
  const key = apiKey.get();
  return key ? { ...extra, authorization: `Bearer ${key}` } : extra;
}

/** GETs a path of the API and answers its JSON (or text with asText); throws ApiError on a problem. */
export async function get(path, { asText = false, signal } = {}) {
  const response = await fetch(path, { headers: authHeaders({ accept: asText ? "text/plain" : "application/json" }), signal });
  if (response.status === 404 && !asText) return null;
  if (!response.ok) {
    let problem = null;
    try {
      problem = await response.json();
    } catch {
      // A body that is not a problem document: the status says enough.
    }
    throw new ApiError(response.status, problem);
  }
  return asText ? response.text() : response.json();
}

export const encode = encodeURIComponent;
