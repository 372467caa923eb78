// The API's version, as the OpenAPI document and the MCP server's handshake both announce it.
export const API_VERSION = "0.1.0";
