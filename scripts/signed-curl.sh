#!/bin/sh
# Calls the Edgeward API signed with an API key (scheme EW1-HMAC-SHA256; /api/docs describes it), with openssl and
# curl only.
#
#   EW_SECRET_ID=EWAK... EW_SECRET_KEY=... scripts/signed-curl.sh GET '/api/domain/list?page=1&size=20'
#   EW_SECRET_ID=EWAK... EW_SECRET_KEY=... scripts/signed-curl.sh POST /api/domain/disable '{"id":3}'
#
# EW_BASE_URL is the console (http://localhost:8080 by default). Query values must already be percent-encoded as
# RFC 3986 says (upper-case hex, %20 for a space); the script sorts the pairs as the canonical query wants.
# EW_TIMESTAMP and EW_NONCE fix those two, and EW_PRINT=1 prints the Authorization header instead of calling.
set -eu

if [ $# -lt 2 ]; then
  echo "usage: $0 METHOD /api/path[?query] [JSON body]" >&2
  exit 2
fi
: "${EW_SECRET_ID:?set EW_SECRET_ID}" "${EW_SECRET_KEY:?set EW_SECRET_KEY}"

method=$(printf %s "$1" | tr '[:lower:]' '[:upper:]')
target=$2
body=${3-}
path=${target%%\?*}
case $target in
  *\?*) query=${target#*\?} ;;
  *) query= ;;
esac

# name=value pairs, a bare name getting an empty value, sorted by name then value (bytewise).
canonical=$(printf '%s' "$query" | tr '&' '\n' | sed -e '/^$/d' -e '/=/!s/$/=/' | LC_ALL=C sort -t '=' -k1,1 -k2 | paste -sd '&' -)
timestamp=${EW_TIMESTAMP:-$(date +%s)}
nonce=${EW_NONCE:-$(openssl rand -hex 16)}
content_sha256=$(printf '%s' "$body" | openssl dgst -sha256 -r | cut -d ' ' -f 1)
signature=$(printf 'EW1-HMAC-SHA256\n%s\n%s\n%s\n%s\n%s\n%s' "$method" "$path" "$canonical" "$timestamp" "$nonce" "$content_sha256" |
  openssl dgst -sha256 -hmac "$EW_SECRET_KEY" -r | cut -d ' ' -f 1)
authorization="EW1-HMAC-SHA256 SecretId=$EW_SECRET_ID, Timestamp=$timestamp, Nonce=$nonce, ContentSha256=$content_sha256, Signature=$signature"

if [ "${EW_PRINT:-}" = 1 ]; then
  printf '%s\n' "$authorization"
  exit 0
fi
url="${EW_BASE_URL:-http://localhost:8080}$target"
if [ -n "$body" ]; then
  exec curl -sS -X "$method" -H "Authorization: $authorization" -H 'Content-Type: application/json' --data-binary "$body" "$url"
fi
exec curl -sS -X "$method" -H "Authorization: $authorization" "$url"
