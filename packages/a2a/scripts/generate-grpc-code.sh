#!/usr/bin/env bash
# Regenerates src/grpc/generated/ from the .proto files in proto/ (run from anywhere; needs network once).
#
# Tools: protoc >= 3.15 (Debian: `apt-get install protobuf-compiler`) and protoc-gen-es 2.12.0, the last
# release that runs on Node 20 (later ones need Node 22). The generated code needs only the runtime
# @bufbuild/protobuf ^2.12 (a dependency of this package); protoc and the plugin are not.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
plugin_dir="$(mktemp -d)"
trap 'rm -rf "$plugin_dir"' EXIT
npm install --silent --prefix "$plugin_dir" @bufbuild/protoc-gen-es@2.12.0 @bufbuild/protobuf@2.12.0 >/dev/null
out="$here/src/grpc/generated"
rm -rf "$out"
mkdir -p "$out"
protoc \
  --plugin=protoc-gen-es="$plugin_dir/node_modules/.bin/protoc-gen-es" \
  --es_out="$out" \
  --es_opt=target=ts,import_extension=js \
  -I "$here/proto" \
  a2a/v1/a2a.proto a2a/v0_3/a2a.proto google/rpc/status.proto google/rpc/error_details.proto \
  google/api/annotations.proto google/api/http.proto google/api/client.proto \
  google/api/field_behavior.proto google/api/launch_stage.proto
echo "generated into $out"
