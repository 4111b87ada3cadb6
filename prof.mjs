import { chromium } from "playwright-core";
import fs from "node:fs";
const code = fs.readFileSync("bin/tsugi-page.js","utf8");
const jobs = fs.readFileSync("/tmp/h18/m60.jsonl","utf8").trim().split("\n").map(JSON.parse).slice(0,+process.env.N||20);
const extra = (process.env.FLAGS||"").split(" ").filter(Boolean);
const b = await chromium.launch({executablePath:"/usr/bin/chromium",args:["--no-sandbox","--disable-gpu",...extra]});
const ctx = await b.newContext({javaScriptEnabled:false});
const T={new:0,load:0,bundle:0,detect:0,close:0};
const reuse = process.env.REUSE==="1";
let cur=null; let tab=null;
const t0=Date.now();
for (const j of jobs) {
  let t=Date.now();
  if (!tab || !reuse) { tab=await ctx.newPage();
  await tab.route("**/*", r=>{ if(cur && r.request().isNavigationRequest()){const c=cur;cur=null; return r.fulfill({status:200,contentType:"text/html",body:c});} return r.abort(); }); }
  T.new+=Date.now()-t; t=Date.now();
  cur=fs.readFileSync(j.file);
  await tab.goto(j.url,{waitUntil:"load"}); T.load+=Date.now()-t; t=Date.now();
  await tab.evaluate(code); T.bundle+=Date.now()-t; t=Date.now();
  await tab.evaluate(u=>globalThis.__tsugiDetect(u), j.url); T.detect+=Date.now()-t; t=Date.now();
  if (!reuse) await tab.close(); T.close+=Date.now()-t;
}
console.log(process.env.REUSE, process.env.FLAGS, T, "total", Date.now()-t0);
await b.close();
