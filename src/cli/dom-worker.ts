/**
 * Worker thread of the DOM engine (bundled into `bin/tsugi-dom.js`): detects on the pages
 * it is sent, one at a time, and keeps the last page 1 for the page-2 check that may
 * follow. Messages and answers are in ./dom-runner.ts.
 */
import { parentPort } from "node:worker_threads";
import { detectBytes, page2Parsed } from "./dom-engine";
import type { DomRequest } from "./dom-runner";

let page1: { doc: Document; url: string } | null = null;

parentPort?.on("message", async (m: DomRequest) => {
  try {
    if (m.op === "detect") {
      page1 = null;
      const { detection, doc } = await detectBytes(m.body, m.charset, m.url);
      page1 = { doc, url: m.url };
      parentPort?.postMessage({ id: m.id, ok: true, value: detection });
    } else {
      if (!page1) throw new Error("no page 1 to check page 2 against");
      const verdict = page2Parsed(page1, m.html, m.url);
      page1 = null;
      parentPort?.postMessage({ id: m.id, ok: true, value: verdict });
    }
  } catch (e) {
    parentPort?.postMessage({ id: m.id, ok: false, error: (e as Error).message ?? String(e) });
  }
});
