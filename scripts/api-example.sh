#!/usr/bin/env bash
# Uploads a data file as a task with a personal API token, learns from signed webhooks when its
# import and its results export are done, and downloads the results. Needs bash, curl and Node.js.
set -euo pipefail

: "${TOKEN:?make a token under Your account → API tokens, then export TOKEN=cw_…}"
: "${TASK_TYPE:?export TASK_TYPE=<the id of your task type>}"
: "${DATA_FILE:?export DATA_FILE=<a JSON Lines, CSV, JSON or ZIP file of items>}"
API="${API:-http://127.0.0.1:8080/api}"
# Not LANGUAGE: gettext reads that one, and many systems set it.
TASK_LANGUAGE="${TASK_LANGUAGE:-en}"
RECEIVER_PORT="${RECEIVER_PORT:-8099}"
# The address the server posts events to: this machine, as the server sees it.
RECEIVER_URL="${RECEIVER_URL:-http://127.0.0.1:$RECEIVER_PORT/}"
WORK_DIR="${WORK_DIR:-./crowdwork-run}"
WAIT_SECONDS="${WAIT_SECONDS:-120}"

mkdir -p "$WORK_DIR" && rm -f "$WORK_DIR/webhook-secret"
api() { curl --silent --show-error --fail-with-body -H "Authorization: Bearer $TOKEN" "$@"; }
# Prints a field of the JSON read from stdin, e.g. `field .id`.
field() { node -p "JSON.parse(require('node:fs').readFileSync(0, 'utf8'))$1"; }

# The receiver: keeps every delivery whose signature holds as <type>-<task id>.json.
node -e '
const crypto = require("node:crypto"), fs = require("node:fs"), http = require("node:http")
const [port, dir] = process.argv.slice(1)
http.createServer((request, response) => {
  // Until the webhook exists there is no secret to check with: the server retries later.
  if (request.method !== "POST" || !fs.existsSync(`${dir}/webhook-secret`)) return response.writeHead(503).end()
  let body = ""
  request.on("data", (chunk) => (body += chunk)).on("end", () => {
    fs.appendFileSync(`${dir}/deliveries.jsonl`, JSON.stringify({ headers: request.headers, body }) + "\n")
    const secret = fs.readFileSync(`${dir}/webhook-secret`, "utf8").trim()
    const { "webhook-id": id, "webhook-timestamp": timestamp } = request.headers
    const expected = crypto.createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
      .update(`${id}.${timestamp}.${body}`).digest()
    const signed = String(request.headers["webhook-signature"]).split(" ").some((entry) => {
      const given = Buffer.from(entry.slice("v1,".length), "base64")
      return entry.startsWith("v1,") && given.length === expected.length && crypto.timingSafeEqual(given, expected)
    })
    if (!signed) return response.writeHead(401).end()
    const event = JSON.parse(body)
    fs.writeFileSync(`${dir}/${event.type}-${Number(event.data.task_id)}.json`, body)
    response.end()
  })
}).listen(Number(port))' "$RECEIVER_PORT" "$WORK_DIR" &
receiver=$!
until curl --silent --output /dev/null "http://127.0.0.1:$RECEIVER_PORT/"; do sleep 0.1; done
webhook=""
cleanup() {
  kill "$receiver"
  if [ -n "$webhook" ]; then api -X DELETE "$API/client/webhooks/$webhook/"; fi
}
trap cleanup EXIT

# Waits for the receiver to get the event about the task, then prints it.
wait_for() {
  local file="$WORK_DIR/$1-$task.json" deadline=$((SECONDS + WAIT_SECONDS))
  until [ -s "$file" ]; do
    if ((SECONDS >= deadline)); then echo "No $1 within $WAIT_SECONDS s" >&2 && exit 1; fi
    sleep 0.2
  done
  cat "$file"
}

group=$(api "$API/client/task-types/$TASK_TYPE/" | field .client_group.id)
hook=$(api -H 'Content-Type: application/json' "$API/client/webhooks/" --data \
  "{\"client_group\": $group, \"url\": \"$RECEIVER_URL\", \"events\": [\"task.import_finished\", \"task.export_finished\"]}")
(umask 077 && field .secret <<<"$hook" >"$WORK_DIR/webhook-secret")
webhook=$(field .id <<<"$hook")

language=$(api "$API/languages/" | field ".find((each) => each.code === '$TASK_LANGUAGE').id")
task=$(api "$API/client/tasks/" -F "task_type=$TASK_TYPE" -F "file=@$DATA_FILE" \
  -F "base_language=$language" -F "target_language=$language" -F settle_target_lang=false \
  -F start_task=true | field .id)
echo "Task $task uploaded"
wait_for task.import_finished >/dev/null
echo "Task $task imported"

api -H 'Content-Type: application/json' "$API/client/tasks/$task/dump_async/" \
  --data '{"format": "jsonl", "include_not_done_items": true}' >/dev/null
file=$(wait_for task.export_finished | field .data.links.file)
api --output "$WORK_DIR/results-$task.jsonl" "$file"
echo "Results of task $task in $WORK_DIR/results-$task.jsonl"
