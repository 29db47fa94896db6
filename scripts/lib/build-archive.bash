# shellcheck shell=bash
# The build archive: finished engine builds shared between machines and runs, kept in a folder
# or read from a URL prefix (http:// or https://, read-only). Layout (docs/build-archive.md):
#
#   ARCHIVE/index.tsv              one line per entry, appended as entries are added
#   ARCHIVE/builds/ENTRY.tar.gz    a cache key folder's runtime library, headers, feature
#                                  records, manifest and the programs of one sources hash
#
# ENTRY is the cache key (commit, +feature…, +asan/+ubsan) then '--p' and the hash of our
# programs' sources with the cairo link flags, then '--c' and the hash of the compiler's
# version line: everything that decides what the build holds. An index line is ENTRY, commit,
# features, sanitizers, programs hash, compiler hash, compiler, size in bytes, sha256 of the
# file and the UTC time it was added, separated by tabs; '#' lines are comments, and when an
# entry appears twice the last line counts. rive-harness archive (Sources/BuildArchive) reads
# the same index.

# archive_is_url ARCHIVE: whether the archive is a URL prefix (read-only).
archive_is_url() { case "$1" in http://*|https://*) return 0 ;; *) return 1 ;; esac; }

# archive_index_line ARCHIVE ENTRY: prints the entry's index line (the last one), or returns 1.
archive_index_line() {
  local archive=$1 entry=$2 index
  if archive_is_url "$archive"; then
    index=$(curl -fsSL --max-time 60 "${archive%/}/index.tsv" 2>/dev/null) || return 1
  else
    [ -f "$archive/index.tsv" ] || return 1
    index=$(cat "$archive/index.tsv")
  fi
  printf '%s\n' "$index" | awk -F '\t' -v e="$entry" '$1 == e { line = $0 } END { if (line == "") exit 1; print line }'
}

# archive_get ARCHIVE ENTRY DEST: unpacks the entry into the folder DEST (created), checking the
# file's sha256 against the index; returns 1 when the archive lacks it or the file is damaged.
archive_get() {
  local archive=$1 entry=$2 dest=$3 line expected tmp actual
  line=$(archive_index_line "$archive" "$entry") || return 1
  expected=$(printf '%s\n' "$line" | cut -f9)
  tmp=$(mktemp "${TMPDIR:-/tmp}/rive-archive-get.XXXXXX")
  if archive_is_url "$archive"; then
    # '+' is sent as %2B: some object stores read a literal '+' in a path as a space.
    if ! curl -fsSL --max-time 600 -o "$tmp" "${archive%/}/builds/${entry//+/%2B}.tar.gz"; then
      printf 'archive %s lists %s but its file cannot be downloaded\n' "$archive" "$entry" >&2
      rm -f "$tmp"; return 1
    fi
  else
    cp "$archive/builds/$entry.tar.gz" "$tmp" 2>/dev/null || { rm -f "$tmp"; return 1; }
  fi
  actual=$(sha256sum "$tmp" | cut -c1-64)
  if [ "$actual" != "$expected" ]; then
    printf 'archive entry %s is damaged (sha256 %s, index says %s); ignoring it\n' "$entry" "$actual" "$expected" >&2
    rm -f "$tmp"; return 1
  fi
  mkdir -p "$dest"
  tar -xzf "$tmp" -C "$dest" || { rm -f "$tmp"; return 1; }
  rm -f "$tmp"
}

# archive_put ARCHIVE ENTRY BUILD_DIR PROGRAM_KEY COMPILER: packs the build folder's runtime
# and the programs of PROGRAM_KEY (a folder under BUILD_DIR/programs) into the archive folder
# and appends the index line; does
# nothing when the index already has the entry. The file is written aside and moved into
# place, and the index line is appended under a lock, so parallel builds can export at once.
archive_put() {
  local archive=$1 entry=$2 build_dir=$3 program_key=$4 compiler=$5
  if archive_is_url "$archive"; then return 0; fi
  archive_index_line "$archive" "$entry" >/dev/null && return 0
  mkdir -p "$archive/builds" || return 1
  local tmp members=() member commit features sanitizers size sum
  for member in librive.a include deps-include features.txt feature-flags.txt link-libs.txt manifest.txt \
                "programs/$program_key/rive-cpp-driver" "programs/$program_key/rive-cpp-bench"; do
    [ -e "$build_dir/$member" ] && members+=("$member")
  done
  tmp=$(mktemp "$archive/builds/.put.XXXXXX")
  tar -czf "$tmp" -C "$build_dir" "${members[@]}" || { rm -f "$tmp"; return 1; }
  chmod 644 "$tmp"
  mv "$tmp" "$archive/builds/$entry.tar.gz"
  commit=$(sed -n 's/^commit //p' "$build_dir/manifest.txt")
  features=$(sed -n 's/^features //p' "$build_dir/manifest.txt")
  sanitizers=$(sed -n 's/^sanitizers //p' "$build_dir/manifest.txt")
  size=$(stat -c %s "$archive/builds/$entry.tar.gz")
  sum=$(sha256sum "$archive/builds/$entry.tar.gz" | cut -c1-64)
  local programs=${entry##*--p}; programs=${programs%%--c*}
  # ARCHIVE/.lock serialises index writers (rive-harness archive prune takes it too).
  (
    flock 9
    [ -s "$archive/index.tsv" ] || printf '# rive-harness build archive: entry, commit, features, sanitizers, programs, compiler hash, compiler, bytes, sha256, added\n' >>"$archive/index.tsv"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$entry" "$commit" "$features" "$sanitizers" "$programs" \
      "${entry##*--c}" "$compiler" "$size" "$sum" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$archive/index.tsv"
  ) 9>"$archive/.lock"
}
