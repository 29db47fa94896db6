# shellcheck shell=bash
# The build archive: finished engine builds shared between machines and runs, kept in a folder
# or read from a URL prefix (http:// or https://, read-only). Layout (docs/build-archive.md):
#
#   ARCHIVE/index.tsv              one line per entry, appended as entries are added
#   ARCHIVE/builds/ENTRY.tar.gz    one part of a build
#
# A build is archived in two parts, so that a runtime serves every later version of our
# programs:
#   runtime   KEY--cCOMPILER--fFLAGS: the runtime library, its headers, the third-party
#             headers its features' flags name, and its feature records; KEY is the cache key
#             (commit, +feature..., +asan/+ubsan), COMPILER the hash of the compiler's version
#             line and FLAGS the hash of the runtime's compile flags (scripts/lib/rive-cpp-flags.bash)
#   programs  KEY--cCOMPILER--fFLAGS--pPROGRAMS: our driver and bench program built against
#             that runtime, and the manifest naming them; PROGRAMS is the hash of our programs'
#             sources with the cairo link flags
# Archives written before the split hold whole builds, KEY--pPROGRAMS--cCOMPILER (runtime and
# programs in one file); they are still imported, no longer written.
#
# An index line is ENTRY, commit, features, sanitizers, programs hash ('none' for a runtime
# part), compiler hash, compiler, size in bytes, sha256 of the file, the UTC time it was added,
# the part (runtime or programs) and the runtime flags hash, separated by tabs; whole builds'
# lines have only the first ten fields. '#' lines are comments, and when an entry appears twice
# the last line counts. rive-harness archive (Sources/BuildArchive) reads the same index.

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

# archive_runtime_entry KEY COMPILER FLAGS...: prints the runtime part's entry name for the
# cache key KEY, the compiler's version line and the runtime's compile flags.
archive_runtime_entry() {
  local key=$1 compiler=$2; shift 2
  printf '%s--c%s--f%s\n' "$key" "$(printf '%s\n' "$compiler" | sha1sum | cut -c1-8)" "$(printf '%s\n' "$@" | sha1sum | cut -c1-8)"
}

# archive_settle DIR: after a runtime part is unpacked and moved to the cache key folder DIR,
# points its feature flags at DIR (the archive holds them relative to a placeholder).
archive_settle() {
  local dir=$1
  [ -f "$dir/feature-flags.txt" ] || return 0
  sed -i "s|@BUILD_DIR@|$dir|g" "$dir/feature-flags.txt"
}

# archive_add ARCHIVE ENTRY FILE PART FLAGS_HASH PROGRAMS MANIFEST: moves the packed FILE into
# place as the entry's file and appends its index line under ARCHIVE/.lock (rive-harness
# archive prune takes it too), with the commit, features, sanitizers and compiler of MANIFEST.
archive_add() {
  local archive=$1 entry=$2 file=$3 part=$4 flags=$5 programs=$6 manifest=$7 commit features sanitizers compiler size sum compiler_hash
  chmod 644 "$file"
  mv "$file" "$archive/builds/$entry.tar.gz"
  commit=$(sed -n 's/^commit //p' "$manifest")
  # The features compiled in (the entry's name carries those asked for, which a build without
  # some third-party source lacks): 'built' of the manifest, else 'features'.
  features=$(sed -n 's/^built //p' "$manifest" | tr ' ' ',')
  [ -n "$features" ] || features=$(sed -n 's/^features //p' "$manifest")
  sanitizers=$(sed -n 's/^sanitizers //p' "$manifest")
  compiler=$(sed -n 's/^compiler //p' "$manifest")
  size=$(stat -c %s "$archive/builds/$entry.tar.gz")
  sum=$(sha256sum "$archive/builds/$entry.tar.gz" | cut -c1-64)
  compiler_hash=${entry#*--c}; compiler_hash=${compiler_hash%%--*}
  (
    flock 9
    [ -s "$archive/index.tsv" ] || printf '# rive-harness build archive: entry, commit, features, sanitizers, programs, compiler hash, compiler, bytes, sha256, added, part, runtime flags hash\n' >>"$archive/index.tsv"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$entry" "$commit" "$features" "$sanitizers" "$programs" \
      "$compiler_hash" "$compiler" "$size" "$sum" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$part" "$flags" >>"$archive/index.tsv"
  ) 9>"$archive/.lock"
}

# archive_put_runtime ARCHIVE ENTRY BUILD_DIR: packs the cache key folder's runtime part (library,
# headers, feature records) into the archive folder and indexes it; does nothing when the index
# has the entry. Its feature flags are made relative to a placeholder (archive_settle puts the
# importing folder there), and the third-party header folders they name outside BUILD_DIR are
# copied in (their header files only), so programs compile against the import on any machine.
archive_put_runtime() {
  local archive=$1 entry=$2 build_dir=$3 stage member flag dir count=0 tmp
  archive_is_url "$archive" && return 0
  archive_index_line "$archive" "$entry" >/dev/null && return 0
  build_dir=$(cd "$build_dir" && pwd) || return 1
  mkdir -p "$archive/builds" || return 1
  stage=$(mktemp -d "${TMPDIR:-/tmp}/rive-archive-put.XXXXXX")
  for member in librive.a include deps-include features.txt link-libs.txt; do
    if [ -e "$build_dir/$member" ]; then cp -r "$build_dir/$member" "$stage/" || { rm -rf "$stage"; return 1; }; fi
  done
  if [ -f "$build_dir/feature-flags.txt" ]; then
    while IFS= read -r flag; do
      case "$flag" in
        -I"$build_dir"/*) printf '%s\n' "-I@BUILD_DIR@${flag#-I"$build_dir"}" ;;
        -I/*)
          dir=${flag#-I}; count=$((count + 1))
          [ -d "$dir" ] || { printf 'archive: %s names %s, which is missing\n' "$build_dir/feature-flags.txt" "$dir" >&2; rm -rf "$stage"; return 1; }
          mkdir -p "$stage/deps-include/headers-$count"
          (cd "$dir" && find . -type f \( -name '*.h' -o -name '*.hh' -o -name '*.hpp' -o -name '*.inl' \) -print0 | tar --null -T - -cf -) \
            | tar -xf - -C "$stage/deps-include/headers-$count" || { rm -rf "$stage"; return 1; }
          printf '%s\n' "-I@BUILD_DIR@/deps-include/headers-$count" ;;
        *) printf '%s\n' "${flag//"$build_dir"/@BUILD_DIR@}" ;;
      esac
    done <"$build_dir/feature-flags.txt" >"$stage/feature-flags.txt"
  fi
  tmp=$(mktemp "$archive/builds/.put.XXXXXX")
  if ! (cd "$stage" && tar -czf "$tmp" -- *); then rm -rf "$stage" "$tmp"; return 1; fi
  rm -rf "$stage"
  archive_add "$archive" "$entry" "$tmp" runtime "${entry##*--f}" none "$build_dir/manifest.txt"
}

# archive_put_members ARCHIVE ENTRY PART FLAGS_HASH PROGRAMS MANIFEST DIR MEMBER...: packs the
# members of DIR as the entry and indexes it (archive_add); does nothing when the archive is a
# URL or its index has the entry.
archive_put_members() {
  local archive=$1 entry=$2 part=$3 flags=$4 programs=$5 manifest=$6 dir=$7 tmp
  shift 7
  archive_is_url "$archive" && return 0
  archive_index_line "$archive" "$entry" >/dev/null && return 0
  mkdir -p "$archive/builds" || return 1
  tmp=$(mktemp "$archive/builds/.put.XXXXXX")
  tar -czf "$tmp" -C "$dir" "$@" || { rm -f "$tmp"; return 1; }
  archive_add "$archive" "$entry" "$tmp" "$part" "$flags" "$programs" "$manifest"
}

# archive_put_programs ARCHIVE ENTRY BUILD_DIR PROGRAM_KEY: packs the manifest and the driver and
# bench program of BUILD_DIR/programs/PROGRAM_KEY (no objects) as the programs part ENTRY
# (RUNTIME_ENTRY--pPROGRAMS) and indexes it; does nothing when the index has the entry.
archive_put_programs() {
  local archive=$1 entry=$2 build_dir=$3 program_key=$4 members=() member runtime_entry
  for member in manifest.txt "programs/$program_key/rive-cpp-driver" "programs/$program_key/rive-cpp-bench"; do
    [ -e "$build_dir/$member" ] && members+=("$member")
  done
  runtime_entry=${entry%--p*}
  archive_put_members "$archive" "$entry" programs "${runtime_entry##*--f}" "${entry##*--p}" "$build_dir/manifest.txt" "$build_dir" "${members[@]}"
}
