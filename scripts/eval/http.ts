// The fleet's HTTP client: node:http on one keep-alive connection, since requests go one at a time (fetch costs about twice as much per request here).
import http from "node:http";

export interface Client {
  send<T>(method: string, path: string, body: unknown): Promise<T>;
  get(path: string): Promise<{ status: number; body: unknown }>;
  close(): void;
}

export function createClient(baseUrl: string): Client {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = http.request(
        baseUrl + path,
        { method, agent, headers: payload === undefined ? {} : { "content-type": "application/json" } },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
          response.on("error", reject);
        },
      );
      outgoing.on("error", reject);
      outgoing.end(payload);
    });
  return {
    async send<T>(method: string, path: string, body: unknown): Promise<T> {
      const { status, text } = await request(method, path, body);
      if (status < 200 || status > 299) throw new Error(`${method} ${path}: ${status} ${text}`);
      return JSON.parse(text) as T;
    },
    async get(path) {
      const { status, text } = await request("GET", path);
      return { status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    close: () => agent.destroy(),
  };
}
