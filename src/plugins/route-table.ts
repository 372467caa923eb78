// Which methods each registered path answers, so that a known path with the wrong method gets 405 and Allow.
import type { HTTPMethods } from "fastify";

interface PathRoute {
  pattern: RegExp;
  methods: Set<string>;
}

/** A route path as a pattern: each `:param` one segment, `*` the rest, every other character literal. */
export function pathPattern(url: string): RegExp {
  const escaped = url
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment === "*" ? ".*" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${escaped}$`);
}

/** Routes by path pattern; only consulted on the 404 path, so a linear scan of the few dozen is fine. */
export function createRouteTable() {
  const byUrl = new Map<string, PathRoute>();
  return {
    add(method: HTTPMethods | HTTPMethods[], url: string): void {
      // A catch-all (CORS answers OPTIONS on "*") would make every unknown path a 405.
      if (url === "*" || url === "/*") return;
      const route = byUrl.get(url) ?? { pattern: pathPattern(url), methods: new Set<string>() };
      for (const one of [method].flat()) route.methods.add(one);
      byUrl.set(url, route);
    },
    /** The methods some route answers at this concrete path, sorted; empty when no route matches it. */
    methodsFor(path: string): string[] {
      const methods = new Set<string>();
      for (const route of byUrl.values()) if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
      return [...methods].sort();
    },
  };
}
