#!/usr/bin/env bash
# Run `tsugi join --replay` on every multipage/ capture and print one JSON line each:
# case, final state and reason, pages joined with their URLs and text lengths.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${TSUGI_CORPUS:-../shared/corpus}/multipage"
for dir in "$corpus"/*/; do
  name=$(basename "$dir")
  url=$(sed -n 's/^url: //p' "$dir/case.yaml")
  node bin/tsugi join "$url" --replay "$dir" --format json |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const a=JSON.parse(s);
      console.log(JSON.stringify({case:process.argv[1],state:a.state,reason:a.reason,detectMs:a.detectMs,
        pages:a.pages.map(p=>({n:p.number,url:p.url,chars:p.text.length}))}))})' "$name"
done
