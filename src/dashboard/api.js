// The service's API as the page calls it: the key from this tab's sessionStorage as a bearer token, problems as errors.
// @ts-check

/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["Problem"]} Problem */

const KEY = "agent-lessons.api-key";

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {Partial<Problem> | null} [problem] the answer's body, when it was JSON
   */
  constructor(status, problem) {
    super(problem?.detail ?? `HTTP ${status}`);
    this.status = status;
    this.code = problem?.code ?? null;
  }
}

export const apiKey = {
  /** @returns {string | null} */
  get: () => sessionStorage.getItem(KEY),
  /** @param {string} key */
  set: (key) => sessionStorage.setItem(KEY, key),
  clear: () => sessionStorage.removeItem(KEY),
};

/**
 * Request headers: the key travels only here, never in a URL.
 * @param {Record<string, string>} [extra]
 * @returns {Record<string, string>}
 */
export function authHeaders(extra = {}) {
  const key = apiKey.get();
  return key ? { ...extra, authorization: `Bearer ${key}` } : extra;
}

/**
 * A GET of the API with the key, asking for `accept`.
 * @param {string} path
 * @param {string} accept
 */
const request = (path, accept) => fetch(path, { headers: authHeaders({ accept }) });

/**
 * What a problem answer throws: its problem document when the body is one, else its status.
 * @param {Response} response
 */
async function apiError(response) {
  /** @type {Partial<Problem> | null} */
  let problem = null;
  try {
    problem = await response.json();
  } catch {
    // A body that is not a problem document: the status says enough.
  }
  return new ApiError(response.status, problem);
}

/**
 * GETs a path of the API and answers its JSON; throws ApiError on a problem. `T` is the answer's type in
 * the generated API types, named by the caller's annotation: the answer is trusted, not validated.
 * @template T
 * @param {string} path
 * @returns {Promise<T>}
 */
export async function get(path) {
  const response = await request(path, "application/json");
  if (!response.ok) throw await apiError(response);
  return response.json();
}

/**
 * Like get, for what may not exist (a tool nobody called, a task not resolved): a 404 answers null.
 * @template T
 * @param {string} path
 * @returns {Promise<T | null>}
 */
export async function find(path) {
  const response = await request(path, "application/json");
  if (response.status === 404) return null;
  if (!response.ok) throw await apiError(response);
  return response.json();
}

/**
 * POSTs a JSON body to a path of the API and answers its JSON; throws ApiError on a problem. For what is
 * too long or too private for a URL (a pasted stack trace); `T` is the answer's type, as for get.
 * @template T
 * @param {string} path
 * @param {unknown} body
 * @returns {Promise<T>}
 */
export async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: authHeaders({ accept: "application/json", "content-type": "application/json" }), body: JSON.stringify(body) });
  if (!response.ok) throw await apiError(response);
  return response.json();
}

/**
 * GETs a path of the API as text (a prompt); throws ApiError on a problem.
 * @param {string} path
 * @returns {Promise<string>}
 */
export async function getText(path) {
  const response = await request(path, "text/plain");
  if (!response.ok) throw await apiError(response);
  return response.text();
}

export const encode = encodeURIComponent;
