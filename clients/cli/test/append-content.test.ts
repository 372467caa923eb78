// Splicing the hint into a server's answer: the one item lands at the end of result.content, and no other byte moves.
import { describe, expect, it } from "vitest";
import { appendToContent } from "../src/proxy/append-content.js";

const ITEM = '{"type":"text","text":"agent-lessons: hint"}';
const splice = (raw: string) => appendToContent(Buffer.from(raw, "utf8"), ITEM)?.toString("utf8") ?? null;

describe("appendToContent", () => {
  it("adds the item after the last one, whatever the spacing and whatever the strings hold", () => {
    expect(splice('{"id":1,"result":{"content":[{"type":"text","text":"a ] } [ \\" ,"}],"isError":true}}')).toBe(
      `{"id":1,"result":{"content":[{"type":"text","text":"a ] } [ \\" ,"},${ITEM}],"isError":true}}`,
    );
    expect(splice('{ "result" : { "isError" : true , "content" : [ ] } , "id" : 2 }')).toBe(`{ "result" : { "isError" : true , "content" : [ ${ITEM}] } , "id" : 2 }`);
  });

  it("finds result and content by name, past other members with nested values and escaped keys", () => {
    const raw = '{"jsonrpc":"2.0","meta":{"content":[1]},"id":3,"result":{"structuredContent":{"content":[2]},"con\\"tent":[],"content":[{"type":"text","text":"x"}]}}';
    expect(splice(raw)).toBe(raw.replace('"text":"x"}]', `"text":"x"},${ITEM}]`));
  });

  it("keeps bytes a JSON round trip would rewrite: big integers, escapes, invalid UTF-8", () => {
    const raw = Buffer.concat([Buffer.from('{"id":4,"result":{"n":12345678901234567890,"t":"\\u00e9 '), Buffer.of(0xff), Buffer.from('","content":[]}}')]);
    const out = appendToContent(raw, ITEM)!;
    const at = raw.indexOf("]");
    expect(Buffer.concat([out.subarray(0, at), out.subarray(at + ITEM.length)]).equals(raw)).toBe(true);
  });

  it("answers null when there is no content array to add to", () => {
    expect(splice('{"id":5,"result":{"isError":true}}')).toBeNull();
    expect(splice('{"id":6,"result":{"content":"text"}}')).toBeNull();
    expect(splice('{"id":7,"error":{"code":-32602,"message":"bad"}}')).toBeNull();
    expect(splice("[1,2]")).toBeNull();
  });
});
