// Reads OTLP/HTTP bodies for the OTLP routes registered beside it: protobuf or JSON, gzip or not, the inflated size capped like the sent one.
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.js";
import { UndecodableError, decodeLogsRequest, decodeTraceRequest } from "../otlp/protobuf.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The signal an OTLP route receives, which says which protobuf message its body holds. */
    otlpSignal?: "traces" | "logs";
  }
}

const inflate = promisify(gunzip);

export interface OtlpBodyOptions {
  /** The most bytes a body may hold once inflated (OTLP_BODY_LIMIT_BYTES, as for the body as sent). */
  maxInflatedBytes: number;
}

const OTLP_MEDIA_TYPES = "application/x-protobuf or application/json";

export default fp<OtlpBodyOptions>(
  async (app, { maxInflatedBytes }) => {
    /** The body as sent, or inflated when Content-Encoding says gzip; inflating stops at the limit, so a gzip bomb costs no more. */
    async function bytesOf(request: FastifyRequest, body: Buffer): Promise<Buffer> {
      const encoding = String(request.headers["content-encoding"] ?? "identity").trim().toLowerCase();
      if (encoding === "identity" || encoding === "") return body;
      if (encoding !== "gzip" && encoding !== "x-gzip") {
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", `OTLP bodies may be sent as they are or with Content-Encoding: gzip, not ${encoding.slice(0, 40)}.`);
      }
      try {
        return await inflate(body, { maxOutputLength: maxInflatedBytes });
      } catch (error) {
        if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
          throw new AppError(
            "BODY_TOO_LARGE",
            `The body inflates to more than the ${maxInflatedBytes} bytes this route accepts; the service's OTLP_BODY_LIMIT_BYTES setting raises the limit.`,
          );
        }
        throw new AppError("MALFORMED_BODY", "The body is not valid gzip (Content-Encoding: gzip).");
      }
    }

    const parseJson = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "buffer" }, async (request: FastifyRequest, body: Buffer) => {
      const text = (await bytesOf(request, body)).toString("utf8");
      return new Promise((resolve, reject) => parseJson(request, text, (error, parsed) => (error ? reject(error) : resolve(parsed))));
    });

    app.addContentTypeParser("application/x-protobuf", { parseAs: "buffer" }, async (request: FastifyRequest, body: Buffer) => {
      const signal = request.routeOptions.config.otlpSignal;
      if (!signal) return undefined;
      const bytes = await bytesOf(request, body);
      try {
        return signal === "traces" ? decodeTraceRequest(bytes) : decodeLogsRequest(bytes);
      } catch (error) {
        if (error instanceof UndecodableError) throw new AppError("MALFORMED_BODY", error.message);
        throw error;
      }
    });

    // Any other type gets a 415 that names the two OTLP/HTTP encodings (the service's own names JSON only).
    app.addContentTypeParser("*", async (request: FastifyRequest) => {
      const given = String(request.headers["content-type"] ?? "").slice(0, 100);
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", `OTLP/HTTP bodies are ${OTLP_MEDIA_TYPES}, not ${given || "a body without a Content-Type"}.`);
    });
  },
  { name: "otlp-bodies" },
);
