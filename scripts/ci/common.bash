# shellcheck shell=bash
# What the nightly workflow's job scripts share: the repository root, the harness executable
# and the build archive's folder (docs/build-archive.md), each overridable from the environment.
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo_root"
# The release build of the harness (scripts/ci/setup makes it; a later job downloads it).
# shellcheck disable=SC2034 # used by the scripts that source this file
harness=${RIVE_HARNESS_BIN:-$repo_root/.build/release/rive-harness}
# The build archive folder, kept between nights in the Actions cache.
archive=${RIVE_HARNESS_ARCHIVE:-$repo_root/build-archive}
case "$archive" in /*|http://*|https://*) ;; *) archive=$repo_root/$archive ;; esac
export RIVE_HARNESS_ARCHIVE=$archive
say() { printf '%s: %s\n' "$(basename "$0")" "$*" >&2; }
# run_allowing_failures CMD…: runs CMD; exit 1 (failures found) is a result the merge job
# judges, not a broken job, so only 2 and above fail the step.
run_allowing_failures() {
  local status=0
  "$@" || status=$?
  if [ "$status" -gt 1 ]; then say "'$*' exited $status"; exit "$status"; fi
  say "'$1 ${2:-}' exited $status"
}
