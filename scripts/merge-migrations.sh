#!/usr/bin/env bash
# Lead's helper while merging an area branch: keep main's migration history, drop the branch's
# own migration files, and generate one migration for whatever the merged schema adds.
set -euo pipefail
name="$1"
dir=apps/server/src/db/migrations
git checkout --ours -- "$dir/meta/_journal.json" 2>/dev/null || true
# Files the merge added from the branch (not in HEAD) are the branch's migrations.
for f in $(git diff --name-only --diff-filter=A --cached HEAD -- "$dir"); do git rm -q --cached "$f"; rm -f "$f"; done
for f in $(git diff --name-only --diff-filter=U -- "$dir/meta"); do git checkout --ours -- "$f"; done
git add "$dir"
npx drizzle-kit generate --config apps/server/drizzle.config.ts --name "$name" 2>&1 | tail -1
git add "$dir"
