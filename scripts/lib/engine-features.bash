# Engine features for scripts/build-rive-cpp: which third-party sources each feature needs,
# at the versions the runtime commit pins, where they are found, and how they are compiled.
#
# Sourced, not run. The caller sets: cache_root, cxx, launcher, jobs, runtime_src (a tree
# holding the commit's dependencies/ and scripting/ premake files) and build_dir, and the
# functions say, input_error and build_error. Everything here writes only under
# $cache_root/deps (sources, by repository and ref) and $build_dir (objects, manifest).

# The features a runtime commit can compile in, in the order the manifest lists them.
engine_feature_names=(text layout scripting audio)

# What "shipped" means: rive-ios's scripts/build.rive.sh passes --with_rive_layout always and
# --with_rive_text, --with_rive_audio=system and --with_rive_scripting unless told --no-*;
# rive-android's build enables the same four.
engine_shipped_features=(text layout scripting audio)

# The feature's human name, as the driver's capabilities and the diff name it.
engine_feature_title() {
  case "$1" in
    text) echo "text shaping" ;; layout) echo "layout" ;; scripting) echo "scripting" ;; audio) echo "audio" ;;
  esac
}

# Parses a --features value into the array `features` (sorted in engine_feature_names order).
parse_engine_features() {
  local value=$1 item known
  features=()
  case "$value" in
    shipped) features=("${engine_shipped_features[@]}"); return 0 ;;
    none) return 0 ;;
  esac
  local -A wanted=()
  IFS=',' read -r -a items <<<"$value"
  [ ${#items[@]} -gt 0 ] || usage_error "--features needs a list such as text,layout (or shipped, or none)"
  for item in "${items[@]}"; do
    known=0
    for name in "${engine_feature_names[@]}"; do [ "$item" = "$name" ] && known=1; done
    [ $known -eq 1 ] || usage_error "--features: unknown feature '$item'; known: ${engine_feature_names[*]}, or shipped, or none"
    wanted[$item]=1
  done
  for name in "${engine_feature_names[@]}"; do [ -n "${wanted[$name]:-}" ] && features+=("$name"); done
  return 0
}

# The pinned (repository, ref) pairs of a premake file, one "owner/name ref" per line.
premake_pins() {
  sed -n "s/.*dependency\.github('\([^']*\)', *'\([^']*\)').*/\1 \2/p" "$1"
}

# The pin of one repository (by its name after the owner) in a premake file.
premake_pin_of() {
  local file=$1 name=$2
  premake_pins "$file" | awk -v n="$name" '{ split($1, p, "/"); if (p[2] == n) { print; exit } }'
}

# The quoted source paths (after `VAR .. '`) of the first files({...}) block of a premake
# file that end in one of the given extensions, relative to the dependency's root.
premake_first_files() {
  local file=$1 pattern=$2
  awk -v pat="$pattern" '
    /files\(\{/ && !done { inside = 1 }
    inside {
      while (match($0, /\.\. *'"'"'\/[^'"'"']*'"'"'/)) {
        path = substr($0, RSTART, RLENGTH); sub(/^\.\. *'"'"'\//, "", path); sub(/'"'"'$/, "", path)
        if (path ~ pat) print path
        $0 = substr($0, RSTART + RLENGTH)
      }
    }
    inside && /\}\)/ { inside = 0; done = 1 }
  ' "$file"
}

# The quoted names of the first defines({...}) block of a premake file, as -D flags.
premake_first_defines() {
  awk '
    /defines\(\{/ && !done { inside = 1 }
    inside {
      line = $0; sub(/--.*/, "", line)
      while (match(line, /'"'"'[^'"'"']*'"'"'/)) {
        print "-D" substr(line, RSTART + 1, RLENGTH - 2); line = substr(line, RSTART + RLENGTH)
      }
    }
    inside && /\}\)/ { inside = 0; done = 1 }
  ' "$1"
}

# A public repository that builds where a pinned fork's ref is not public, and the ref to
# use there ("HEAD": its default branch), or nothing. The substitute is a different engine:
# the manifest and the driver's version say so.
dependency_substitute() {
  local repo=$1 ref=$2
  case "$repo" in
    rive-app/harfbuzz) [[ $ref == rive_* ]] && echo "harfbuzz/harfbuzz ${ref#rive_}" ;;
    luigi-rosso/luau) [[ $ref == rive_0_* ]] && echo "luau-lang/luau 0.${ref#rive_0_}" ;;
    luigi-rosso/libhydrogen) echo "jedisct1/libhydrogen HEAD" ;;
  esac
  return 0
}

# Folders that may hold a repository: DIR/owner+name/repo, DIR/owner+name, DIR/owner/name,
# DIR/name, DIR/name.git, for each --deps-dir DIR.
dependency_candidates() {
  local repo=$1 owner=${1%%/*} name=${1##*/} dir
  for dir in "${deps_dirs[@]}"; do
    printf '%s\n' "$dir/$owner+$name/repo" "$dir/$owner+$name" "$dir/$owner/$name" "$dir/$name" "$dir/$name.git"
  done
}

# Extracts the files under PATHS (all when none) of commit SHA of a git directory into DEST,
# leaving out files whose blobs the git directory lacks (a partial mirror keeps no large
# files); says how many were left out.
archive_existing() {
  local git=$1 sha=$2 dest=$3; shift 3
  local listing missing
  listing=$(mktemp)
  git --git-dir="$git" ls-tree -r -z --full-tree "$sha" -- "$@" \
    | awk -v RS='\0' -v ORS='\0' '$2 == "blob" { sub(/^[^\t]*\t/, ""); print }' >"$listing"
  missing=$(git --git-dir="$git" ls-tree -r --full-tree "$sha" -- "$@" | awk '$2 == "blob" { print $3 }' \
    | git --git-dir="$git" cat-file --batch-check='%(objectname) %(objecttype)' | grep -c ' missing$' || true)
  if [ "${missing:-0}" -gt 0 ]; then
    local present
    present=$(mktemp)
    git --git-dir="$git" ls-tree -r -z --full-tree "$sha" -- "$@" \
      | awk -v RS='\0' -v ORS='\0' '$2 == "blob" { print }' \
      | while IFS= read -r -d '' entry; do
          local object=${entry#* blob }; object=${object%%$'\t'*}
          git --git-dir="$git" cat-file -e "$object" 2>/dev/null && printf '%s\0' "${entry#*$'\t'}"
        done >"$present"
    say "  $missing file(s) of $sha are absent from $git (a partial mirror); extracted without them"
    mv "$present" "$listing"
  fi
  mkdir -p "$dest"
  # git archive still names the absent blobs on stderr; shown only when extraction fails.
  local errors status
  errors=$(mktemp)
  GIT_LITERAL_PATHSPECS=1 xargs -0 git --git-dir="$git" archive "$sha" -- <"$listing" 2>"$errors" | tar -x -i -C "$dest"
  status=$?
  [ $status -eq 0 ] || cat "$errors" >&2
  rm -f "$listing" "$errors"
  return $status
}

# Extracts REF of a git directory into DEST; fails when the ref is not there. Builds running
# at once (bisect building ahead) may extract the same ref: each writes a folder of its own
# and the first to move it into place wins; the others keep that one.
extract_git_ref() {
  local git=$1 ref=$2 dest=$3 sha tmp
  sha=$(git --git-dir="$git" rev-parse --verify -q "$ref^{commit}" 2>/dev/null) \
    || sha=$(git --git-dir="$git" rev-parse --verify -q "refs/remotes/origin/$ref^{commit}" 2>/dev/null) \
    || return 1
  mkdir -p "$(dirname "$dest")"
  tmp=$(mktemp -d "$dest.tmp.XXXXXX")
  archive_existing "$git" "$sha" "$tmp" || { rm -rf "$tmp"; return 1; }
  echo "$sha" >"$tmp/.rive-harness-commit"
  if ! mv -T "$tmp" "$dest" 2>/dev/null; then
    rm -rf "$tmp"
    [ -f "$dest/.rive-harness-commit" ] || return 1
  fi
}

# Finds the source tree of one repository at one ref and sets found_tree to its folder
# (its .rive-harness-origin file says where it came from). Looks in the cache, then in each
# --deps-dir candidate, then clones from GitHub (unless RIVE_HARNESS_OFFLINE=1). Appends
# every place it looked to dependency_looked.
find_dependency_tree() {
  local repo=$1 ref=$2 owner=${1%%/*} name=${1##*/} dest candidate git
  dest="$cache_root/deps/$owner+$name/$ref"
  found_tree=$dest
  if [ -f "$dest/.rive-harness-origin" ]; then return 0; fi
  dependency_looked+=("cache $dest")
  local dir
  for dir in "${deps_dirs[@]}"; do dependency_looked+=("--deps-dir $dir"); done
  while read -r candidate; do
    [ -d "$candidate" ] || continue
    git=
    if [ -f "$candidate/HEAD" ] && [ -d "$candidate/objects" ]; then git=$candidate
    elif [ -d "$candidate/.git" ] || [ -f "$candidate/.git" ]; then git=$(git -C "$candidate" rev-parse --absolute-git-dir 2>/dev/null) || git=
    fi
    if [ -n "$git" ] && extract_git_ref "$git" "$ref" "$dest"; then
      echo "$repo@$ref ($(cut -c1-12 "$dest/.rive-harness-commit")) from $candidate" >"$dest/.rive-harness-origin"
      return 0
    fi
    if [ -n "$git" ]; then dependency_looked+=("$candidate (has no $ref)")
    else dependency_looked+=("$candidate (not a git checkout or directory)"); fi
  done < <(dependency_candidates "$repo")
  if [ "${RIVE_HARNESS_OFFLINE:-0}" != 1 ]; then
    local url="https://github.com/$repo.git" clone
    dependency_looked+=("$url")
    clone=$(mktemp -d "${TMPDIR:-/tmp}/rive-dep-$name.XXXXXX")
    local branch_args=(--branch "$ref")
    [ "$ref" = HEAD ] && branch_args=()
    if timeout 300 git clone --quiet --depth 1 "${branch_args[@]}" "$url" "$clone/src" 2>/dev/null; then
      mkdir -p "$(dirname "$dest")"
      git -C "$clone/src" rev-parse HEAD >"$clone/src/.rive-harness-commit"
      rm -rf "$clone/src/.git"
      if ! mv -T "$clone/src" "$dest" 2>/dev/null; then
        rm -rf "$clone"
        [ -f "$dest/.rive-harness-commit" ] || return 1
      fi
      echo "$repo@$ref ($(cut -c1-12 "$dest/.rive-harness-commit")) cloned from $url" >"$dest/.rive-harness-origin"
      rm -rf "$clone"
      return 0
    fi
    rm -rf "$clone"
  fi
  return 1
}

# Resolves one pinned dependency of a feature: the pinned source, else its public substitute.
# Sets dep_dir, dep_origin and dep_substitute (empty, or "owner/name@ref" used instead of the
# pin). Fails, after saying where it looked, when neither can be had.
resolve_dependency() {
  local feature=$1 repo=$2 ref=$3 pinned_in=$4 sub sub_repo sub_ref
  dependency_looked=()
  dep_substitute=
  if find_dependency_tree "$repo" "$ref"; then
    dep_dir=$found_tree; dep_origin=$(cat "$dep_dir/.rive-harness-origin"); return 0
  fi
  local looked_pin=("${dependency_looked[@]}")
  sub=$(dependency_substitute "$repo" "$ref")
  if [ -n "$sub" ]; then
    read -r sub_repo sub_ref <<<"$sub"
    dependency_looked=()
    if find_dependency_tree "$sub_repo" "$sub_ref"; then
      dep_dir=$found_tree
      dep_origin=$(cat "$dep_dir/.rive-harness-origin")
      dep_substitute="$sub_repo@$sub_ref"
      say "$feature: the pinned $repo@$ref ($pinned_in) was not found (looked in: $(IFS=';'; echo "${looked_pin[*]}" | sed 's/;/; /g'));"
      say "  building with the public substitute $dep_origin. This engine differs from the shipped one: its version says so."
      return 0
    fi
    looked_pin+=("${dependency_looked[@]}")
  fi
  say "$feature: the pinned $repo@$ref ($pinned_in) was not found${sub:+, nor its substitute ${sub/ /@}}."
  say "  looked in: $(IFS=';'; echo "${looked_pin[*]}" | sed 's/;/; /g')"
  say "  supply it with --deps-dir DIR (a folder holding a checkout or git directory of ${repo##*/} with ref $ref)"
  return 1
}

# Compiles a list of sources (relative to a root) into objects under an object folder, in
# parallel; a failing file stops the build with its first error lines.
compile_dependency_sources() {
  local label=$1 root=$2 objdir=$3; shift 3
  local compiler_flags=() sources=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do compiler_flags+=("$1"); shift; done
  shift
  sources=("$@")
  mkdir -p "$objdir"
  export dep_root=$root dep_objdir=$objdir dep_label=$label
  dep_flags_str=$(printf '%q ' "${compiler_flags[@]}")
  export dep_flags_str
  compile_dependency_one() {
    local rel=$1 out compiler
    out="$dep_objdir/$(echo "$rel" | tr '/' '_').o"
    [ -f "$out" ] && return 0
    eval "local flags=($dep_flags_str)"
    # shellcheck disable=SC2206
    flags+=(${dep_extra_flags_str:-})
    compiler=$cxx
    case "$rel" in
      *.c) compiler=${cxx%++}; [ "$compiler" = "$cxx" ] && compiler=${CC:-cc}
           local kept=() flag; for flag in "${flags[@]}"; do [[ $flag == -std=c++* ]] || kept+=("$flag"); done; flags=("${kept[@]}") ;;
    esac
    # Compiled from the build folder (CCACHE_BASEDIR): the renames headers under it are then
    # named by the same relative path for every commit, and the sources, outside it, by the
    # same absolute path, so every commit's build shares the third-party objects in ccache.
    if ! (cd "$build_dir" && CCACHE_BASEDIR=$build_dir $launcher "$compiler" "${flags[@]}" -c "$dep_root/$rel" -o "$out.tmp" 2>"$out.log"); then
      say "failed: $dep_label $rel"; sed -n '1,30p' "$out.log" >&2; rm -f "$out.tmp"; return 1
    fi
    mv "$out.tmp" "$out"; rm -f "$out.log"
  }
  export -f compile_dependency_one say
  export cxx launcher build_dir
  printf '%s\0' "${sources[@]}" | xargs -0 -n1 -P "$jobs" bash -c 'compile_dependency_one "$1"' _ \
    || build_error "compiling $label failed (objects so far are kept in $objdir; rerun to resume)"
}

# Checks that the runtime's own code of a feature compiles against the feature's sources
# before they are built (a substitute may lack a fork's API): compiles one runtime file that
# needs the feature with -fsyntax-only. Sets probe_error to the first error line on failure.
probe_feature() {
  local feature=$1; shift
  local file log
  case "$feature" in
    text) file=src/text/font_hb.cpp ;; layout) file=src/layout_component.cpp ;;
    scripting) file=src/lua/lua_state.cpp ;; audio) file=src/audio/audio_engine.cpp ;;
  esac
  probe_error=
  [ -f "$runtime_src/$file" ] || return 0
  log=$(mktemp)
  if (cd "$runtime_src" && "$cxx" "${runtime_flags[@]}" "$@" -Iinclude -fsyntax-only "$file") >"$log" 2>&1; then rm -f "$log"; return 0; fi
  probe_error="$file does not compile with these sources: $(grep -m1 'error:' "$log" | sed 's/^[^ ]*error: //')"
  rm -f "$log"
  return 1
}

# Builds the third-party code of every requested feature and sets, for the runtime and the
# programs compiled against it: feature_flags (defines, include folders, forced includes),
# feature_link_libs, feature_built (the features compiled in), feature_dropped (those left
# out, with why) and feature_manifest (one line per feature and dependency). Objects go to
# $build_dir/deps-obj/<dependency>/. A feature whose source cannot be had is left out and
# said so, never silently.
build_engine_features() {
  local premake_dir=$runtime_src feature
  feature_flags=(); feature_link_libs=(); feature_built=(); feature_dropped=(); feature_manifest=()
  local deps_include="$build_dir/deps-include"
  mkdir -p "$deps_include"
  for feature in "${features[@]}"; do
    local ok=1 lines=() flags=() pins=() pin repo ref premake
    case "$feature" in
      text) pins=("dependencies/premake5_harfbuzz_v2.lua harfbuzz" "dependencies/premake5_sheenbidi_v2.lua SheenBidi") ;;
      layout) pins=("dependencies/premake5_yoga_v2.lua yoga") ;;
      audio) pins=("dependencies/premake5_miniaudio_v2.lua miniaudio") ;;
      scripting) pins=("scripting/premake5.lua luau" "scripting/premake5.lua libhydrogen") ;;
    esac
    local -A dir_of=()
    for pin in "${pins[@]}"; do
      read -r premake name <<<"$pin"
      if [ ! -f "$premake_dir/$premake" ]; then
        feature_dropped+=("$feature: this runtime commit has no $premake"); ok=0; break
      fi
      read -r repo ref <<<"$(premake_pin_of "$premake_dir/$premake" "$name")"
      if [ -z "$repo" ]; then feature_dropped+=("$feature: $premake names no $name repository"); ok=0; break; fi
      if ! resolve_dependency "$(engine_feature_title "$feature")" "$repo" "$ref" "$premake"; then
        feature_dropped+=("$feature: $repo@$ref (pinned in $premake) not found; supply it with --deps-dir"); ok=0; break
      fi
      dir_of[$name]=$dep_dir
      lines+=("$feature $name pinned $repo@$ref in $premake; built from ${dep_substitute:+substitute }$dep_origin")
    done
    if [ $ok -eq 0 ]; then say "building WITHOUT $(engine_feature_title "$feature"): ${feature_dropped[-1]}"; continue; fi
    local objroot="$build_dir/deps-obj"
    # The flags the runtime needs for the feature, checked by a probe before anything is built.
    case "$feature" in
      text) flags=(-DWITH_RIVE_TEXT -I"${dir_of[harfbuzz]}/src" -I"${dir_of[SheenBidi]}/Headers" -include "$deps_include/rive_harfbuzz_renames.h")
            cp "$premake_dir/dependencies/rive_harfbuzz_renames.h" "$deps_include/" ;;
      layout) flags=(-DWITH_RIVE_LAYOUT -I"${dir_of[yoga]}" -include "$deps_include/rive_yoga_renames.h")
              cp "$premake_dir/dependencies/rive_yoga_renames.h" "$deps_include/" ;;
      audio) flags=(-DWITH_RIVE_AUDIO -DMA_NO_RESOURCE_MANAGER -I"${dir_of[miniaudio]}") ;;
      scripting)
        # The runtime includes libhydrogen.h and compiles libhydrogen.c (Rive's fork's names);
        # jedisct1/libhydrogen calls them hydrogen.h and hydrogen.c: forward to those.
        local hydro=${dir_of[libhydrogen]} hydro_source=libhydrogen.c hydro_include=${dir_of[libhydrogen]}
        if [ ! -f "$hydro/libhydrogen.c" ] && [ -f "$hydro/hydrogen.c" ]; then
          hydro_include="$deps_include/libhydrogen"
          mkdir -p "$hydro_include"
          printf '#include "%s"\n' "$hydro/hydrogen.h" >"$hydro_include/libhydrogen.h"
          hydro_source=hydrogen.c
          lines+=("scripting note: libhydrogen.h forwards to $hydro/hydrogen.h (the substitute's name for it)")
        fi
        flags=(-DWITH_RIVE_SCRIPTING -DWITH_RIVE_SCRIPTING_LUAU -DHYDRO_SIGN_VERIFY_ONLY=1 -I"${dir_of[luau]}/VM/include" -I"$hydro_include") ;;
    esac
    if ! probe_feature "$feature" "${flags[@]}"; then
      feature_dropped+=("$feature: $probe_error")
      say "building WITHOUT $(engine_feature_title "$feature"): $probe_error"
      continue
    fi
    case "$feature" in
      text)
        local hb=${dir_of[harfbuzz]} sb=${dir_of[SheenBidi]} hb_files hb_defines
        mapfile -t hb_files < <(premake_first_files "$premake_dir/dependencies/premake5_harfbuzz_v2.lua" '\.cc$')
        mapfile -t hb_defines < <(premake_first_defines "$premake_dir/dependencies/premake5_harfbuzz_v2.lua")
        local present=() f
        for f in "${hb_files[@]}"; do [ -f "$hb/$f" ] && present+=("$f") || say "  harfbuzz: $f (listed by the premake file) is not in this source; skipped"; done
        say "text shaping: compiling ${#present[@]} HarfBuzz files and SheenBidi"
        compile_dependency_sources harfbuzz "$hb" "$objroot/harfbuzz" -std=c++17 -Os -fPIC -w -DNDEBUG "${hb_defines[@]}" \
          -I"$hb/src" -I"$deps_include" -include rive_harfbuzz_renames.h -- "${present[@]}"
        compile_dependency_sources sheenbidi "$sb" "$objroot/sheenbidi" -O2 -fPIC -w -DNDEBUG -DSB_CONFIG_UNITY -I"$sb/Headers" -- Source/SheenBidi.c
        ;;
      layout)
        local yoga=${dir_of[yoga]} yoga_files
        mapfile -t yoga_files < <(premake_first_files "$premake_dir/dependencies/premake5_yoga_v2.lua" '\.cpp$')
        local present=() f missing=0
        for f in "${yoga_files[@]}"; do if [ -f "$yoga/$f" ]; then present+=("$f"); else missing=1; say "  yoga: $f (listed by the premake file) is not in this source"; fi; done
        if [ $missing -eq 1 ]; then feature_dropped+=("layout: the Yoga source lacks files the runtime's premake lists"); say "building WITHOUT layout: ${feature_dropped[-1]}"; continue; fi
        say "layout: compiling ${#present[@]} Yoga files"
        compile_dependency_sources yoga "$yoga" "$objroot/yoga" -std=c++17 -O2 -fPIC -w -DNDEBUG -DYOGA_EXPORT= \
          -I"$yoga" -I"$deps_include" -include rive_yoga_renames.h -- "${present[@]}"
        ;;
      audio)
        local ma=${dir_of[miniaudio]}
        say "audio: compiling miniaudio"
        compile_dependency_sources miniaudio "$ma" "$objroot/miniaudio" -O2 -fPIC -w -DNDEBUG -DWITH_RIVE_AUDIO -DMA_NO_RESOURCE_MANAGER -I"$ma" -- miniaudio.c
        feature_link_libs+=(-ldl -lm)
        ;;
      scripting)
        local luau=${dir_of[luau]} luau_files
        mapfile -t luau_files < <(cd "$luau" && find VM/src -name '*.cpp' | LC_ALL=C sort)
        say "scripting: compiling ${#luau_files[@]} Luau VM files and libhydrogen"
        cp "$premake_dir/scripting/rive_luau.hpp" "$deps_include/"
        compile_dependency_sources luau "$luau" "$objroot/luau" -std=c++17 -Os -fPIC -w -DNDEBUG -DLUA_USE_LONGJMP -DRIVE_LUAU \
          -I"$luau/VM/include" -I"$luau/Common/include" -I"$deps_include" -include rive_luau.hpp -- "${luau_files[@]}"
        compile_dependency_sources libhydrogen "$hydro" "$objroot/libhydrogen" -O2 -fPIC -w -DNDEBUG -DHYDRO_SIGN_VERIFY_ONLY=1 -I"$hydro" -- "$hydro_source"
        lines+=("scripting note: RIVE_DECODERS is not defined (scripts' image decoding needs the runtime's decoders and libpng/libjpeg/libwebp)")
        ;;
    esac
    feature_flags+=("${flags[@]}")
    feature_built+=("$feature")
    feature_manifest+=("${lines[@]}")
  done
}
