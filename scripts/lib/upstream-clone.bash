# shellcheck shell=bash
# The git directory of an upstream repository for the build scripts: the one given (an option
# or environment variable), else a bare clone kept in the cache at
# CACHE/sources/NAME.git, cloned from the upstream URL the first time (not with
# RIVE_HARNESS_OFFLINE=1, and with a message that says what to pass instead when the clone
# fails, as it does offline). rive-harness looks in the same place (CachedProgramLocator).

# upstream_git_dir NAME URL CACHE_ROOT HINT: prints the managed clone's git directory,
# cloning it when absent; on failure prints why and HINT to stderr and returns 1.
upstream_git_dir() {
  local name=$1 url=$2 cache_root=$3 hint=$4
  local dir="$cache_root/sources/$name.git" work
  if [ -d "$dir" ]; then echo "$dir"; return 0; fi
  if [ "${RIVE_HARNESS_OFFLINE:-0}" = 1 ]; then
    printf 'no %s git directory, and RIVE_HARNESS_OFFLINE=1 forbids cloning %s into %s; %s\n' "$name" "$url" "$dir" "$hint" >&2
    return 1
  fi
  mkdir -p "$cache_root/sources"
  work=$(mktemp -d "$cache_root/sources/$name.XXXXXX")
  printf 'cloning %s into %s (once; later builds use it)\n' "$url" "$dir" >&2
  if ! git clone --quiet --bare "$url" "$work/repo" 2>"$work/stderr"; then
    printf 'cannot clone %s into %s (%s); offline? %s\n' "$url" "$dir" "$(tail -1 "$work/stderr")" "$hint" >&2
    rm -rf "$work"
    return 1
  fi
  mv -T "$work/repo" "$dir"
  rm -rf "$work"
  echo "$dir"
}

# upstream_fetch DIR: brings a managed clone's branches up to date (for a commit it lacks);
# returns 1 when offline or the fetch fails.
upstream_fetch() {
  [ "${RIVE_HARNESS_OFFLINE:-0}" = 1 ] && return 1
  git -C "$1" fetch --quiet origin '+refs/heads/*:refs/heads/*' 2>/dev/null
}
