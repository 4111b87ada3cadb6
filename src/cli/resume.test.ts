import { describe, expect, it } from "vitest";
import { answeredIds } from "./resume";

describe("--resume", () => {
  it("counts complete lines with an id, error lines included, not a line cut short", () => {
    const out = [
      '{"id":"a","nextUrl":null}',
      '{"id":"b","url":"http://x/","error":"timeout"}',
      '{"line":3,"error":"manifest line 3: not JSON"}',
      "tsugi: progress noise",
      '{"id":"c","nextUrl":"http://x/2","pageEl',
    ].join("\n");
    expect([...answeredIds(out)].sort()).toEqual(["a", "b"]);
  });
});
